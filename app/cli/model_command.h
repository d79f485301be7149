#pragma once

#include "subcommand.h"

#include <CLI/CLI.hpp>

#include <string>

namespace torchrig::cli {

// `torchrig-cli model import PATH -o model.json`: a Hugging Face model's folder or config.json,
// read offline, checked against its safetensors headers when they are there, and written as
// TorchRig's model file at one batch and sequence length.
class ModelCommand : public Subcommand {
public:
    ModelCommand(CLI::App& parent, const GlobalOptions& options);
    int run();

private:
    CLI::App* m_import = nullptr;
    std::string m_path, m_output;
    bool m_force = false;
    std::int64_t m_batch = 1, m_seqLen = 0, m_layers = 0;
};

} // namespace torchrig::cli
