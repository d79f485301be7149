#include "workload/dtype.h"

#include "util/enum_names.h"

namespace torchrig {

namespace {
constexpr EnumNames<DType, 6> kIds = {{
    {DType::Float32, "float32"},
    {DType::Float16, "float16"},
    {DType::BFloat16, "bfloat16"},
    {DType::Int64, "int64"},
    {DType::Int32, "int32"},
    {DType::Bool, "bool"},
}};
} // namespace

std::int64_t dtypeSize(DType dtype) {
    switch (dtype) {
    case DType::Float32: return 4;
    case DType::Float16: return 2;
    case DType::BFloat16: return 2;
    case DType::Int64: return 8;
    case DType::Int32: return 4;
    case DType::Bool: return 1;
    }
    return 4;
}

std::string_view dtypeId(DType dtype) {
    return enumName(kIds, dtype);
}

std::optional<DType> dtypeFromString(std::string_view text) {
    return enumFromName(kIds, text);
}

bool isFloatingPoint(DType dtype) {
    return dtype == DType::Float32 || dtype == DType::Float16 || dtype == DType::BFloat16;
}

} // namespace torchrig
