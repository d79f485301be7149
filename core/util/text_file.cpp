#include "util/text_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>

namespace torchrig {

Result<std::string> readTextFile(const std::filesystem::path& path, std::size_t maxBytes) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        return makeError(ErrorCode::Io, path.string() + " does not exist");
    if (std::filesystem::is_directory(status))
        return makeError(ErrorCode::Io, path.string() + " is a folder, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return makeError(ErrorCode::Io, path.string() + " cannot be read: " + std::strerror(errno));
    // Read at most one byte past the limit: a huge file (or /dev/zero) is refused, not swallowed.
    std::string text;
    char chunk[1 << 16];
    while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
        text.append(chunk, static_cast<std::size_t>(in.gcount()));
        if (text.size() > maxBytes)
            return makeError(ErrorCode::InvalidInput, path.string() + " is larger than " +
                                                          std::to_string(maxBytes >> 20) +
                                                          " MiB, more than any file TorchRig reads");
    }
    if (in.bad())
        return makeError(ErrorCode::Io, path.string() + " cannot be read: " + std::strerror(errno));
    return text;
}

Status writeTextFileAtomically(const std::filesystem::path& path, const std::string& text) {
    auto temporary = path;
    temporary += ".partial";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out || !(out << text) || !out.flush()) {
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
            return makeError(ErrorCode::Io, path.string() + " cannot be written");
        }
    }
    std::error_code ec;
    std::filesystem::rename(temporary, path, ec);
    if (ec)
        return makeError(ErrorCode::Io, path.string() + " cannot be written: " + ec.message());
    return Ok{};
}

} // namespace torchrig
