#include "plan/seed_articles.h"

#include <array>
#include <utility>

namespace torchrig::plan {

namespace {

// Each article's first line; the second has none, so it is named by its first section and says so.
constexpr std::array<std::pair<const char*, const char*>, 4> kArticles = {{
    {"seeds/000_bc17f2316f896fdf.txt", "深度解析：本地部署PyTorch的硬件配置与优化指南"},
    {"seeds/001_dc640eff46d1bd71.txt", "PyTorch硬件要求的核心框架（原文无标题，取其第一节）"},
    {"seeds/002_d86d7892b6808b1a.txt", "深度解析：PyTorch核心显卡配置与硬件优化指南"},
    {"seeds/003_51a522a7ae33613e.txt", "深度解析：基于GPU的PyTorch服务器部署与应用指南"},
}};

} // namespace

std::optional<SeedCitation> citeSeedArticle(const std::string& source) {
    for (const auto& [file, title] : kArticles) {
        const std::string path = file;
        if (source.compare(0, path.size(), path) != 0)
            continue;
        auto section = source.substr(path.size());
        const auto start = section.find_first_not_of(", ");
        section = start == std::string::npos ? std::string() : section.substr(start);
        // A second article cited beside the first ("一.4 SSD选型 · seeds/001 4.3") by its title too.
        section = withArticleTitles(section);
        return SeedCitation{title, section, path};
    }
    return std::nullopt;
}

std::string withArticleTitles(std::string text) {
    for (const auto& [file, title] : kArticles) {
        const std::string path = file, shortName = path.substr(0, std::string("seeds/000").size());
        const std::string cited = "《" + std::string(title) + "》";
        for (const auto& name : {path, shortName}) // the whole file name first
            for (auto at = text.find(name); at != std::string::npos; at = text.find(name, at + cited.size()))
                text.replace(at, name.size(), cited);
    }
    return text;
}

std::string citationText(const SeedCitation& citation) {
    return "《" + citation.title + "》" + (citation.section.empty() ? "" : " " + citation.section);
}

} // namespace torchrig::plan
