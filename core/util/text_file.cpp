#include "util/text_file.h"

#include <fstream>
#include <sstream>

namespace torchrig {

Result<std::string> readTextFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return makeError(ErrorCode::Io, path.string() + " cannot be read (does it exist?)");
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
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
