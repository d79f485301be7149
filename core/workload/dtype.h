#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace torchrig {

// Element types of the tensors in a model graph, as PyTorch names them.
enum class DType { Float32, Float16, BFloat16, Int64, Int32, Bool };

std::int64_t dtypeSize(DType dtype);
std::string_view dtypeId(DType dtype); // "float32", "int64", …
std::optional<DType> dtypeFromString(std::string_view text);
bool isFloatingPoint(DType dtype);

} // namespace torchrig
