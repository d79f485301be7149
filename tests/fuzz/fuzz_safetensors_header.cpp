// libFuzzer target: a safetensors file's first bytes, as `model import` and `--hf-config` read a
// checkpoint's header (the input is the whole file: its length is the file's).

#include "io/safetensors_header.h"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    if (auto header = torchrig::parseSafetensorsHeader(bytes, size, "fuzz.safetensors"))
        (void)torchrig::summarizeCheckpoint(std::move(header->tensors), {"fuzz.safetensors"});
    return 0;
}
