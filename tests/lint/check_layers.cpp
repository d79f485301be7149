// torchrig-check-layers ROOT LAYER... : every #include "…" of a layer's sources names a header of
// that layer or of one before it in the list (the lowest first), so that nothing points up and no
// two layers include each other. A layer is a folder under ROOT: core/util, core/plan, database, ui.
// Inside core a header is included by its folder ("plan/build.h", from core/); a top-level layer's
// from the layer itself ("document/build_document.h", from ui/). Prints each breach as
// FILE:LINE: what it includes and the order; exits 1 on any, 2 when a folder is missing.

#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Layer {
    std::string folder; // relative to ROOT: "core/plan", "ui"
    fs::path root;      // where its headers are included from: ROOT/core, ROOT/ui
    std::string prefix; // what its includes start with: "plan/", "" for a top-level layer
};

Layer layerOf(const fs::path& root, const std::string& folder) {
    const auto slash = folder.find('/');
    if (slash == std::string::npos)
        return {folder, root / folder, ""};
    return {folder, root / folder.substr(0, slash), folder.substr(slash + 1) + "/"};
}

// The layer whose header the include names; -1 for a system or third-party header.
int layerIncluded(const std::vector<Layer>& layers, const fs::path& includingDir, const std::string& included,
                  int own) {
    if (fs::exists(includingDir / included))
        return own; // beside the file that includes it
    for (int i = static_cast<int>(layers.size()) - 1; i >= 0; --i) {
        const auto& layer = layers[static_cast<std::size_t>(i)];
        if (included.rfind(layer.prefix, 0) == 0 && fs::exists(layer.root / included))
            return i;
    }
    return -1;
}

std::string order(const std::vector<Layer>& layers) {
    std::string out;
    for (const auto& layer : layers)
        out += (out.empty() ? "" : " → ") + layer.folder;
    return out;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: torchrig-check-layers ROOT LAYER... (the lowest layer first)\n";
        return 2;
    }
    const fs::path root = argv[1];
    std::vector<Layer> layers;
    for (int i = 2; i < argc; ++i) {
        layers.push_back(layerOf(root, argv[i]));
        if (!fs::is_directory(root / argv[i])) {
            std::cerr << (root / argv[i]).string() << " is not a folder: each layer is one\n";
            return 2;
        }
    }
    // Every folder of core is a layer: a new one must be given its place.
    int breaches = 0;
    for (const auto& entry : fs::directory_iterator(root / "core"))
        if (entry.is_directory()) {
            const auto folder = "core/" + entry.path().filename().string();
            bool listed = false;
            for (const auto& layer : layers)
                listed = listed || layer.folder == folder;
            if (!listed) {
                std::cout
                    << folder
                    << ": in no layer: give it its place in TORCHRIG_CORE_LAYERS (core/CMakeLists.txt)\n";
                ++breaches;
            }
        }
    const std::regex include(R"re(^\s*#\s*include\s*"([^"]+)")re");
    int files = 0, includes = 0;
    for (int own = 0; own < static_cast<int>(layers.size()); ++own) {
        const auto& layer = layers[static_cast<std::size_t>(own)];
        for (const auto& entry : fs::recursive_directory_iterator(root / layer.folder)) {
            const auto extension = entry.path().extension();
            if (!entry.is_regular_file() || (extension != ".cpp" && extension != ".h"))
                continue;
            // A folder of core inside a top-level layer is that layer's: "ui" does not scan core.
            const auto relative = fs::relative(entry.path(), root).generic_string();
            bool deeper = false;
            for (const auto& other : layers)
                deeper = deeper || (other.folder.size() > layer.folder.size() &&
                                    relative.rfind(other.folder + "/", 0) == 0);
            if (deeper)
                continue;
            ++files;
            std::ifstream in(entry.path());
            std::string line;
            for (int number = 1; std::getline(in, line); ++number) {
                std::smatch match;
                if (!std::regex_search(line, match, include))
                    continue;
                ++includes;
                const int target = layerIncluded(layers, entry.path().parent_path(), match[1], own);
                if (target <= own)
                    continue;
                std::cout << relative << ":" << number << ": " << layer.folder << " includes " << match[1]
                          << " of " << layers[static_cast<std::size_t>(target)].folder
                          << ", a layer above it (the order is below)\n";
                ++breaches;
            }
        }
    }
    std::cout << files << " files, " << includes << " includes of our own headers or others: "
              << (breaches == 0   ? "none points up"
                  : breaches == 1 ? "1 breach, above"
                                  : std::to_string(breaches) + " breaches, above")
              << " (" << order(layers) << ")\n";
    return breaches == 0 ? 0 : 1;
}
