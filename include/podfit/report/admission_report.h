// Writers for `podfit admit`: the admission check of each pod on one node.
#pragma once

#include "podfit/kubernetes_release.h"

#include <ostream>
#include <string>
#include <vector>

#include "podfit/queue/admission.h"

namespace podfit {

// One pod's admission on the node.
struct AdmissionVerdict {
  std::string namespace_;
  std::string name;
  std::string node;
  std::vector<AdmissionResult> failures;  // empty: admitted
  bool admitted() const { return failures.empty(); }
};

struct AdmissionTableStyle {
  bool color = false;  // ANSI colours (only on a terminal, never with NO_COLOR)
};

// Table: per pod a verdict line, then one row per failure with podfit's details (the numbers).
void write_admission_table(std::ostream& out, const std::vector<AdmissionVerdict>& verdicts,
                           const AdmissionTableStyle& style);
// One AdmissionReport document for one pod; an AdmissionReportList of them for several.
void write_admission_json(std::ostream& out, const std::vector<AdmissionVerdict>& verdicts,
                          const ReleaseChoice& release);
void write_admission_yaml(std::ostream& out, const std::vector<AdmissionVerdict>& verdicts,
                          const ReleaseChoice& release);

}  // namespace podfit
