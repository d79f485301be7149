#pragma once
// A safetensors file's header, read without its weights: 8 bytes of little-endian length, then
// that many bytes of JSON naming each tensor's dtype, shape and byte range
// (huggingface/safetensors, "Format"). TorchRig reads it to count a checkpoint's parameters
// exactly and to check a config's graph against the shapes, never to load a weight.

#include "util/result.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace torchrig {

struct SafetensorsTensor {
    std::string name;
    std::string dtype; // "BF16", "F32", "I32", "U8", …
    std::vector<std::int64_t> shape;
    std::int64_t elements() const;
};

// How a checkpoint stores its weights: plain, or one of the quantized layouts, told apart by the
// tensors they add (bitsandbytes: weight.absmax / quant_state / SCB; GPTQ: qweight with g_idx;
// AWQ: qweight, qzeros and scales without g_idx).
enum class CheckpointLayout { Plain, Bitsandbytes4bit, Bitsandbytes8bit, Gptq, Awq };
std::string_view checkpointLayoutName(CheckpointLayout layout);

struct SafetensorsHeader {
    std::vector<SafetensorsTensor> tensors;
    std::int64_t dataBytes = 0; // the byte ranges' end: what the file holds after the header
};

// The header from the first bytes of a file of `fileBytes` bytes (`prefix` holds at least the 8
// length bytes and, when the length fits, the header); a refusal names `label` and what is wrong
// (a length past the file or past 100 MB, JSON that is not a header, a byte range past the file).
Result<SafetensorsHeader> parseSafetensorsHeader(std::string_view prefix, std::uint64_t fileBytes,
                                                 std::string_view label);
// Reads the header of the file at `path` (nothing after it).
Result<SafetensorsHeader> readSafetensorsHeader(const std::string& path);

// Every tensor of a checkpoint (one file or the shards an index names), summed.
struct CheckpointSummary {
    std::vector<SafetensorsTensor> tensors;
    std::map<std::string, std::int64_t> elementsByDtype;
    std::int64_t elements = 0;
    CheckpointLayout layout = CheckpointLayout::Plain;
    std::vector<std::string> files;
};
CheckpointSummary summarizeCheckpoint(std::vector<SafetensorsTensor> tensors, std::vector<std::string> files);

} // namespace torchrig
