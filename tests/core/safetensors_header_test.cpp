// A safetensors header read alone: its length, its JSON, its tensors' byte ranges, and the
// quantized layouts told apart by their tensors.

#include "io/safetensors_header.h"

#include <catch2/catch.hpp>

#include <string>

using namespace torchrig;

namespace {

std::string file(const std::string& header, std::size_t dataBytes, std::uint64_t claimedLength = 0) {
    const auto length = claimedLength > 0 ? claimedLength : header.size();
    std::string out;
    for (int i = 0; i < 8; ++i)
        out.push_back(static_cast<char>((length >> (8 * i)) & 0xff));
    return out + header + std::string(dataBytes, '\0');
}

std::string headerRefusal(const std::string& bytes) {
    auto header = parseSafetensorsHeader(bytes, bytes.size(), "model.safetensors");
    REQUIRE_FALSE(header);
    return header.error().text();
}

} // namespace

TEST_CASE("A safetensors header gives each tensor's dtype and shape, and the elements by dtype",
          "[core][hf]") {
    const auto bytes = file(R"({"__metadata__": {"format": "pt"},
        "a.weight": {"dtype": "BF16", "shape": [4, 8], "data_offsets": [0, 64]},
        "a.bias": {"dtype": "F32", "shape": [4], "data_offsets": [64, 80]}})",
                            80);
    auto header = parseSafetensorsHeader(bytes, bytes.size(), "model.safetensors");
    REQUIRE(header);
    REQUIRE(header->tensors.size() == 2);
    auto summary = summarizeCheckpoint(header->tensors, {"model.safetensors"});
    CHECK(summary.elements == 36);
    CHECK(summary.elementsByDtype.at("BF16") == 32);
    CHECK(summary.elementsByDtype.at("F32") == 4);
    CHECK(summary.layout == CheckpointLayout::Plain);
}

TEST_CASE("A safetensors header that cannot be one is refused saying why", "[core][hf]") {
    CHECK_THAT(headerRefusal("1234"), Catch::Contains("shorter than a safetensors header's 8 length bytes"));
    CHECK_THAT(headerRefusal(file("{}", 0, 5000)),
               Catch::Contains("says its header is 5000 bytes, longer than the file (10 bytes)"));
    CHECK_THAT(headerRefusal(file("{}", 0, std::uint64_t{1} << 40)),
               Catch::Contains("longer than the 100 MB"));
    CHECK_THAT(headerRefusal(file("PK not json", 0)), Catch::Contains("a safetensors header is JSON"));
    CHECK_THAT(headerRefusal(file("[1, 2]", 0)), Catch::Contains("not a JSON object of tensors"));
    CHECK_THAT(headerRefusal(file(R"({"w": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]}})", 8)),
               Catch::Contains("w's bytes 0…16 lie outside the file's 8 bytes of data"));
    CHECK_THAT(headerRefusal(file(R"({"w": {"dtype": "F32", "shape": "4", "data_offsets": [0, 16]}})", 16)),
               Catch::Contains("w.shape is \"4\""));
    CHECK_THAT(headerRefusal(file(R"({"w": 3})", 0)), Catch::Contains("w is not a tensor entry"));
}

TEST_CASE("Quantized checkpoints are named by the tensors their layout adds", "[core][hf]") {
    auto layout = [](std::vector<std::string> names) {
        std::vector<SafetensorsTensor> tensors;
        for (auto& n : names)
            tensors.push_back({n, "U8", {4}});
        return summarizeCheckpoint(tensors, {}).layout;
    };
    CHECK(layout({"l.weight", "l.weight.absmax", "l.weight.quant_state.bitsandbytes__nf4"}) ==
          CheckpointLayout::Bitsandbytes4bit);
    CHECK(layout({"l.weight", "l.SCB"}) == CheckpointLayout::Bitsandbytes8bit);
    CHECK(layout({"l.qweight", "l.qzeros", "l.scales", "l.g_idx"}) == CheckpointLayout::Gptq);
    CHECK(layout({"l.qweight", "l.qzeros", "l.scales"}) == CheckpointLayout::Awq);
    CHECK(layout({"l.weight"}) == CheckpointLayout::Plain);
}
