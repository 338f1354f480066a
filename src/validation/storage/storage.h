// pkg/apis/storage/validation: StorageClasses, CSINodes and CSIStorageCapacities (storage.cpp).
#pragma once

#include "validation/validate.h"

namespace podfit {

void validate_storage_class(const Value& v, const StorageClass& sc);
void validate_csi_node(const Value& v, const CSINode& node);
void validate_csi_storage_capacity(const Value& v, const CSIStorageCapacity& capacity);

}  // namespace podfit
