#include "io/safetensors_header.h"

#include "util/json_document.h"
#include "util/saturating.h"
#include "util/text_file.h"

#include <fstream>

namespace torchrig {

namespace {

// safetensors itself refuses headers over 100 MB (MAX_HEADER_SIZE).
constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;

using json = nlohmann::json;

SafetensorsTensor tensorOf(const std::string& name, const json& entry, std::uint64_t dataBytes) {
    const auto where = textExcerpt(name, 80);
    if (!entry.is_object() || !entry.contains("dtype") || !entry.contains("shape") ||
        !entry.contains("data_offsets"))
        throw JsonFieldError(where + " is not a tensor entry (dtype, shape, data_offsets)");
    SafetensorsTensor t;
    t.name = name;
    t.dtype = textIn(entry.at("dtype"), where + ".dtype", 16);
    const auto& shape = entry.at("shape");
    if (!shape.is_array() || shape.size() > 8)
        throw JsonFieldError(where + ".shape is " + jsonExcerpt(shape) + ", not a list of at most 8 sizes");
    for (const auto& d : shape)
        t.shape.push_back(wholeNumberIn(d, where + ".shape[]", 0, std::int64_t{1} << 40));
    const auto& offsets = entry.at("data_offsets");
    if (!offsets.is_array() || offsets.size() != 2)
        throw JsonFieldError(where + ".data_offsets is " + jsonExcerpt(offsets) + ", not [begin, end]");
    const auto begin = wholeNumberIn(offsets[0], where + ".data_offsets[0]", 0, std::int64_t{1} << 56);
    const auto end = wholeNumberIn(offsets[1], where + ".data_offsets[1]", 0, std::int64_t{1} << 56);
    if (end < begin || static_cast<std::uint64_t>(end) > dataBytes)
        throw JsonFieldError(where + "'s bytes " + std::to_string(begin) + "…" + std::to_string(end) +
                             " lie outside the file's " + std::to_string(dataBytes) + " bytes of data");
    return t;
}

} // namespace

std::int64_t SafetensorsTensor::elements() const {
    std::int64_t n = 1;
    for (auto d : shape)
        n = d == 0 || n <= (std::int64_t{1} << 56) / d ? n * d : std::int64_t{1} << 56;
    return n;
}

std::string_view checkpointLayoutName(CheckpointLayout layout) {
    switch (layout) {
    case CheckpointLayout::Plain: return "unquantized";
    case CheckpointLayout::Bitsandbytes4bit: return "bitsandbytes 4-bit (NF4/FP4)";
    case CheckpointLayout::Bitsandbytes8bit: return "bitsandbytes 8-bit (LLM.int8)";
    case CheckpointLayout::Gptq: return "GPTQ";
    case CheckpointLayout::Awq: return "AWQ";
    }
    return "?";
}

Result<SafetensorsHeader> parseSafetensorsHeader(std::string_view prefix, std::uint64_t fileBytes,
                                                 std::string_view fileLabel) {
    const std::string label(fileLabel);
    if (prefix.size() < 8 || fileBytes < 8)
        return makeError(
            ErrorCode::InvalidInput,
            label + " is shorter than a safetensors header's 8 length bytes: not a safetensors file");
    std::uint64_t length = 0;
    for (int i = 7; i >= 0; --i)
        length = (length << 8) | static_cast<unsigned char>(prefix[static_cast<std::size_t>(i)]);
    if (length > kMaxHeaderBytes || length > fileBytes - 8)
        return makeError(ErrorCode::InvalidInput,
                         label + " says its header is " + std::to_string(length) + " bytes, longer than " +
                             (length > kMaxHeaderBytes
                                  ? std::string("the 100 MB safetensors allows")
                                  : "the file (" + std::to_string(fileBytes) + " bytes)") +
                             ": the file is cut short or not a safetensors file");
    if (prefix.size() < 8 + length)
        return makeError(ErrorCode::Io,
                         label + ": could not read its " + std::to_string(length) + "-byte header");
    auto doc =
        readJsonDocument(prefix.substr(8, static_cast<std::size_t>(length)), label + "'s header",
                         JsonLimits{.maxBytes = kMaxHeaderBytes, .maxDepth = 8, .maxTextBytes = 1u << 16});
    if (!doc)
        return makeError(ErrorCode::InvalidInput,
                         doc.error().text() + " (a safetensors header is JSON; is this a safetensors file?)");
    if (!doc->is_object())
        return makeError(ErrorCode::InvalidInput, label + "'s header is not a JSON object of tensors");
    SafetensorsHeader header;
    const auto dataBytes = fileBytes - 8 - length;
    header.dataBytes = static_cast<std::int64_t>(dataBytes);
    try {
        for (const auto& [name, entry] : doc->items()) {
            if (name == "__metadata__")
                continue;
            header.tensors.push_back(tensorOf(name, entry, dataBytes));
        }
    } catch (const JsonFieldError& e) {
        return makeError(ErrorCode::InvalidInput, label + "'s header: " + e.what());
    }
    return header;
}

Result<SafetensorsHeader> readSafetensorsHeader(const std::string& path) {
    // A checkpoint is read in part (its header), so not through readTextFile; a FIFO or device would
    // block the open, so only a regular file is opened.
    if (auto regular = checkRegularFile(path); !regular)
        return regular.error();
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in)
        return makeError(ErrorCode::Io, path + " cannot be opened");
    const auto size = static_cast<std::uint64_t>(in.tellg());
    in.seekg(0);
    std::string prefix(8, '\0');
    if (size >= 8)
        in.read(prefix.data(), 8);
    std::uint64_t length = 0;
    for (int i = 7; i >= 0; --i)
        length = (length << 8) | static_cast<unsigned char>(prefix[static_cast<std::size_t>(i)]);
    if (size >= 8 && length <= kMaxHeaderBytes && length <= size - 8) {
        prefix.resize(8 + length);
        in.read(prefix.data() + 8, static_cast<std::streamsize>(length));
        if (!in)
            return makeError(ErrorCode::Io, path + ": reading its header failed");
    }
    return parseSafetensorsHeader(prefix, size, path);
}

CheckpointSummary summarizeCheckpoint(std::vector<SafetensorsTensor> tensors,
                                      std::vector<std::string> files) {
    CheckpointSummary s;
    bool qweight = false, gIdx = false;
    for (const auto& t : tensors) {
        // Each tensor stops at 2^56 elements; thousands of them (shards of a hostile index) would
        // still wrap the sums to a negative parameter count.
        s.elementsByDtype[t.dtype] = saturatingSum({s.elementsByDtype[t.dtype], t.elements()});
        s.elements = saturatingSum({s.elements, t.elements()});
        if (t.name.ends_with(".absmax") || t.name.find(".quant_state.") != std::string::npos ||
            t.name.ends_with(".quant_map"))
            s.layout = CheckpointLayout::Bitsandbytes4bit;
        else if (t.name.ends_with(".SCB") && s.layout == CheckpointLayout::Plain)
            s.layout = CheckpointLayout::Bitsandbytes8bit;
        qweight = qweight || t.name.ends_with(".qweight");
        gIdx = gIdx || t.name.ends_with(".g_idx");
    }
    if (qweight && s.layout == CheckpointLayout::Plain)
        s.layout = gIdx ? CheckpointLayout::Gptq : CheckpointLayout::Awq;
    s.tensors = std::move(tensors);
    s.files = std::move(files);
    return s;
}

} // namespace torchrig
