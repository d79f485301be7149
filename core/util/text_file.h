#pragma once

#include "util/result.h"

#include <filesystem>
#include <string>

namespace torchrig {

// A whole file as text; an error names the file when it cannot be read.
Result<std::string> readTextFile(const std::filesystem::path& path);

// Writes beside the target and renames over it, so a failed write never leaves half a file (or
// loses the old one).
Status writeTextFileAtomically(const std::filesystem::path& path, const std::string& text);

} // namespace torchrig
