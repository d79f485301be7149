#pragma once

#include "util/result.h"

#include <filesystem>
#include <string>

namespace torchrig {

// A whole file as text; an error names the file when it cannot be read.
Result<std::string> readTextFile(const std::filesystem::path& path);

} // namespace torchrig
