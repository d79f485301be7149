// A Hugging Face model from the command line: estimate --hf-config, model import, and the
// refusals a folder can earn, each with its exit status.

#include "cli_run.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using namespace torchrig;
using test::runCli;

namespace {

// A model folder: the config, and a safetensors file whose header lists `tensors` (name → shape).
void writeModelFolder(const std::filesystem::path& dir, const std::string& config,
                      const nlohmann::json& tensors) {
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "config.json") << config;
    if (tensors.is_null())
        return;
    nlohmann::json header;
    std::int64_t offset = 0;
    for (const auto& [name, shape] : tensors.items()) {
        std::int64_t n = 2;
        for (auto d : shape)
            n *= d.get<std::int64_t>();
        header[name] = {{"dtype", "BF16"}, {"shape", shape}, {"data_offsets", {offset, offset + n}}};
        offset += n;
    }
    const auto text = header.dump();
    std::ofstream out(dir / "model.safetensors", std::ios::binary);
    for (int i = 0; i < 8; ++i)
        out.put(static_cast<char>((text.size() >> (8 * i)) & 0xff));
    out << text << std::string(static_cast<std::size_t>(offset), '\0');
}

} // namespace

TEST_CASE("estimate --hf-config builds a Hugging Face model at the asked batch and sequence", "[cli][hf]") {
    test::TemporaryFolder folder;
    const auto config = test::readFile(TORCHRIG_TEST_SUPPORT "/hf/tiny-mixtral.json");
    writeModelFolder(folder.path() / "Mixtral-tiny", config, nullptr);
    auto run = runCli(folder, "estimate --hf-config " + (folder.path() / "Mixtral-tiny").string() +
                                  " --batch 2 --seq-len 64 --json");
    INFO(run.output);
    REQUIRE(run.exitCode == 0);
    auto out = nlohmann::json::parse(run.output);
    CHECK(out["model"]["id"] == "Mixtral-tiny");
    auto ep = runCli(folder, "estimate --hf-config " + (folder.path() / "Mixtral-tiny").string() +
                                 " --batch 2 --seq-len 64 --device \"H100 SXM\" --gpus 4 --strategy ep");
    INFO(ep.output);
    CHECK(ep.exitCode == 0);
    auto wrongGpus =
        runCli(folder, "estimate --hf-config " + (folder.path() / "Mixtral-tiny").string() +
                           " --batch 2 --seq-len 64 --device \"H100 SXM\" --gpus 3 --strategy ep");
    CHECK(wrongGpus.exitCode == 4);
    CHECK(wrongGpus.output.find("do not divide over 3 GPUs") != std::string::npos);
}

TEST_CASE("model import writes a model file, and refuses a config its weights contradict", "[cli][hf]") {
    test::TemporaryFolder folder;
    const auto config = test::readFile(TORCHRIG_TEST_SUPPORT "/hf/tiny-qwen2.json");
    // The shapes the config makes, from the model file it writes without weights.
    writeModelFolder(folder.path() / "plain", config, nullptr);
    const auto written = (folder.path() / "plain.json").string();
    auto run = runCli(folder, "model import " + (folder.path() / "plain").string() + " -o " + written +
                                  " --batch 2 --seq-len 32");
    INFO(run.output);
    REQUIRE(run.exitCode == 0);
    CHECK(run.output.find("no safetensors beside config.json") != std::string::npos);
    nlohmann::json shapes;
    const auto modelFile = nlohmann::json::parse(test::readFile(written));
    for (const auto& t : modelFile["tensors"])
        if (t["role"] == "parameter")
            shapes[t["name"].get<std::string>()] = t["shape"];

    writeModelFolder(folder.path() / "checked", config, shapes);
    auto checked = runCli(folder, "model import " + (folder.path() / "checked").string() + " -o " +
                                      (folder.path() / "checked.json").string());
    INFO(checked.output);
    CHECK(checked.exitCode == 0);
    CHECK(checked.output.find("every tensor's name and shape agree with config.json") != std::string::npos);
    auto validate =
        runCli(folder, "estimate --model-file " + (folder.path() / "checked.json").string() + " --batch 1");
    CHECK(validate.exitCode == 0);

    shapes["model.layers.0.self_attn.k_proj.weight"] = {64, 64};
    writeModelFolder(folder.path() / "contradicted", config, shapes);
    auto refused = runCli(folder, "model import " + (folder.path() / "contradicted").string() + " -o " +
                                      (folder.path() / "never.json").string());
    CHECK(refused.exitCode == 4);
    CHECK(refused.output.find("model.layers.0.self_attn.k_proj.weight is [64, 64] in the checkpoint, but "
                              "config.json makes it [32, 64]") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(folder.path() / "never.json"));

    std::filesystem::create_directories(folder.path() / "mamba");
    std::ofstream(folder.path() / "mamba" / "config.json") << R"({"model_type": "mamba"})";
    auto unknown = runCli(folder, "model import " + (folder.path() / "mamba").string() + " -o x.json");
    CHECK(unknown.exitCode == 4);
    CHECK(unknown.output.find("model_type \"mamba\" is not a family TorchRig builds") != std::string::npos);
    // A checkpoint cut short: its header's length runs past the file.
    writeModelFolder(folder.path() / "cut", config, nullptr);
    std::ofstream(folder.path() / "cut" / "model.safetensors", std::ios::binary)
        << std::string("\xff\xff\x00\x00\x00\x00\x00\x00{}", 10);
    auto cut = runCli(folder, "model import " + (folder.path() / "cut").string() + " -o x.json");
    CHECK(cut.exitCode == 4);
    CHECK(cut.output.find("says its header is 65535 bytes, longer than the file (10 bytes)") !=
          std::string::npos);
}
