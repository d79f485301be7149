#pragma once

#include "util/result.h"

#include <filesystem>
#include <string>

namespace torchrig {

// A whole file as text, up to `maxBytes`; an error names the file and why it cannot be read (missing,
// a folder, no permission, too large).
Result<std::string> readTextFile(const std::filesystem::path& path, std::size_t maxBytes = 256u << 20);

// Writes beside the target and renames over it, so a failed write never leaves half a file (or
// loses the old one).
Status writeTextFileAtomically(const std::filesystem::path& path, const std::string& text);

} // namespace torchrig
