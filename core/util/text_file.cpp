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

} // namespace torchrig
