// pkg/apis/core/validation's checks of containers: names, images, uniqueness (containers.cpp).
#pragma once

#include "validation/validate.h"

namespace podfit {

// validateContainerCommon's first rules for one container `v`: a name that is a DNS label, an image.
void validate_container_name_and_image(const Value& v, const Container& c);
// Container names unique as the API server checks them: regular containers among themselves,
// init containers against those and each other, ephemeral containers against all. `v` is the spec.
void validate_container_names(const Value& v, const PodSpec& spec);
// validateContainerOnlyForPod: a pod's (not a template's) images have no leading or trailing
// white space. `v` is the pod.
void validate_pod_container_images(const Value& v, const Pod& pod);

}  // namespace podfit
