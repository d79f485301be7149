#include "model_command.h"

#include "cli_errors.h"
#include "io/hf_import.h"
#include "util/text_file.h"
#include "workload/model_graph_json.h"

#include <fmt/format.h>

#include <iostream>

namespace torchrig::cli {

ModelCommand::ModelCommand(CLI::App& parent, const GlobalOptions& options)
    : Subcommand(options) {
    m_command = parent.add_subcommand("model", "Models from outside the zoo");
    m_command->require_subcommand(1);
    m_import = m_command->add_subcommand(
        "import",
        "Read a Hugging Face model (folder or config.json) offline and write it as a TorchRig model file");
    m_import
        ->add_option("path", m_path,
                     "The model's folder (config.json, model.safetensors…) or its config.json")
        ->required();
    m_import->add_option("-o,--output", m_output, "The model file to write (resources/models/README.md)")
        ->required();
    m_import->add_flag("--force", m_force, "Replace the model file if it exists");
    m_import->add_option("-b,--batch", m_batch, "Samples per step the file is written for")
        ->check(CLI::Range(1, 1 << 20));
    m_import->add_option("--seq-len", m_seqLen, "Tokens per sample (default: 4096, or the model's maximum)")
        ->check(CLI::Range(2, 1 << 20));
    m_import->add_option("--layers", m_layers, "Write only this many of its blocks")
        ->check(CLI::Range(1, 1000));
}

int ModelCommand::run() {
    auto imported = importHfModel(m_path);
    if (!imported)
        return fail(imported.error());
    const auto& c = imported->config;
    ModelInputs inputs;
    inputs.batch = m_batch;
    inputs.seqLen = m_seqLen > 0 ? m_seqLen : std::min<std::int64_t>(4096, c.maxPositions);
    inputs.imageSize = 0;
    inputs.layers = m_layers;
    std::string graphText;
    std::int64_t parameters = 0;
    const auto graph = graphResult([&] { return buildHfModel(c, inputs); });
    if (!graph)
        return fail(kExitInvalid, m_path + ": " + graph.error().text());
    parameters = graph->parameterCount();
    graphText = writeModelGraphJson(*graph);
    if (auto written = writeTextFileAtomically(m_output, graphText, existingTargetFor(m_force)); !written)
        return failWrite(written.error());
    std::cout << fmt::format("wrote {}: {} ({}), batch {}, sequence {}, {} parameters", m_output,
                             imported->name, c.modelType, inputs.batch, inputs.seqLen, parameters);
    if (c.moe)
        std::cout << fmt::format(" ({} active per token: {} of {} experts)",
                                 c.activeParameterCount(imported->graphParameters), c.moe->topK,
                                 c.moe->experts);
    std::cout << "\n";
    if (const auto& ckpt = imported->checkpoint) {
        std::string dtypes;
        for (const auto& [dtype, n] : ckpt->elementsByDtype)
            dtypes += fmt::format("{}{} {}", dtypes.empty() ? "" : ", ", n, dtype);
        std::cout << fmt::format("checkpoint: {} file(s), {} tensors, {} elements ({}), {}; ",
                                 ckpt->files.size(), ckpt->tensors.size(), ckpt->elements, dtypes,
                                 checkpointLayoutName(ckpt->layout));
        if (ckpt->layout != CheckpointLayout::Plain)
            std::cout << "quantized: its packed tensors are not held against the graph's shapes\n";
        else if (imported->shapesChecked)
            std::cout << "every tensor's name and shape agree with config.json\n";
        else
            std::cout << "names agree with config.json (a shard is not here, so shapes were not checked)\n";
    } else {
        std::cout << "no safetensors beside config.json: the parameter count is the config's\n";
    }
    return kExitOk;
}

} // namespace torchrig::cli
