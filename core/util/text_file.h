#pragma once
// The one way TorchRig reads and writes whole files, CLI and app alike. Reading opens only regular
// files (a FIFO, a device or a folder is refused by name before it could block or stream forever)
// and is bounded in size. Writing never follows a link planted beside the target: the temporary
// file is created exclusively, under a name no one can guess, in the target's folder.

#include "util/result.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace torchrig {

// A whole file as text, up to `maxBytes`; an error names the file and why it cannot be read (missing,
// a folder, a FIFO or device, no permission, too large).
Result<std::string> readTextFile(const std::filesystem::path& path, std::size_t maxBytes = 256u << 20);

// Ok when `path` is a regular file (after following links) that this process may open; else an error
// that names it and says what it is instead. For readers that open the file themselves (SQLite, Qt).
Status checkRegularFile(const std::filesystem::path& path);

// What a write does when the target already exists.
enum class ExistingTarget {
    Replace, // the command said so (--force, the app's Save)
    Refuse,  // the write fails with ErrorCode::Conflict and the file stays as it was
};

// Writes `bytes` to a temporary file created with O_EXCL|O_NOFOLLOW in the target's folder, syncs it
// and renames it over the target (or, with Refuse, only where no file of that name exists, decided
// atomically), so a failed write never leaves half a file nor loses the old one, and a symlink at
// any name beside the target is never written through.
Status writeFileAtomically(const std::filesystem::path& path, std::string_view bytes,
                           ExistingTarget existing = ExistingTarget::Replace);

// A new empty file beside `path`, created as writeFileAtomically creates its own, for a writer that
// fills a file itself (SQLite): the caller renames it over `path`, or removes it.
Result<std::filesystem::path> createFileBeside(const std::filesystem::path& path);

// Text files are written the same way; kept for its callers' readability.
inline Status writeTextFileAtomically(const std::filesystem::path& path, std::string_view text,
                                      ExistingTarget existing = ExistingTarget::Replace) {
    return writeFileAtomically(path, text, existing);
}

} // namespace torchrig
