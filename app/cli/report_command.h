#pragma once

#include "cost_flags.h"
#include "subcommand.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace torchrig::cli {

// `torchrig-cli report <build.torchrig> -o sheet.pdf`: the build sheet for a purchasing discussion,
// as PDF (A4 or Letter), Markdown, the components' CSV or JSON, chosen by the output's extension.
// Needs no display: the PDF is drawn on Qt's offscreen platform.
class ReportCommand : public Subcommand {
public:
    ReportCommand(CLI::App& parent, const GlobalOptions& options);
    int run(int argc, char** argv);

private:
    std::string m_file;
    std::string m_output;
    bool m_force = false;
    std::string m_language = "en";
    std::string m_pageSize = "a4";
    std::string m_date; // default: today
    std::string m_circuit = "15x120";
    std::string m_institution;                 // the sheet template's (Preferences in the app)
    std::vector<std::string> m_requiredFields; // the fields the office requires
    CostFlags m_costFlags;
};

} // namespace torchrig::cli
