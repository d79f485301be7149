#pragma once
// The four seed articles (../shared/seeds) the presets and the advisor cite, by title: a sheet
// names the article and its section (the file name is for the command line's advice only).

#include <optional>
#include <string>

namespace torchrig::plan {

struct SeedCitation {
    std::string title;   // the article's own title, in its language (Chinese)
    std::string section; // "二.1 个人开发者：入门级配置", or empty
    std::string file;    // "seeds/000_bc17f2316f896fdf.txt"
};

// A preset's or an advice's source, "seeds/000_….txt, 二.1 …", as a citation; none when the
// source is not one of the seed articles (it is then printed as it is).
std::optional<SeedCitation> citeSeedArticle(const std::string& source);

// "《title》 二.1 …" (the section after the title when there is one).
std::string citationText(const SeedCitation& citation);

// `text` with each article named by its title where our prose names its file ("seeds/001 2.1" →
// "《…》 2.1"): what a reader of the app or the sheet sees; the command line keeps the files.
std::string withArticleTitles(std::string text);

} // namespace torchrig::plan
