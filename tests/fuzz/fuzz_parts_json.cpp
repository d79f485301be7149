// libFuzzer target: a parts file for `catalog import --format json`. Whatever the bytes, the reader
// answers with parts or a refusal, and the parts it accepts are written out as JSON (as every
// listing does) and read back.

#include "part_files.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto parts =
        torchrig::db::readPartsJson(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
    if (!parts)
        return 0;
    if (!torchrig::db::readPartsJson(torchrig::db::writePartsJson(*parts), "written.json"))
        std::abort(); // the writer wrote what its own reader refuses
    return 0;
}
