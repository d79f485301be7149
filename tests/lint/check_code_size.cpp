// torchrig-check-code-size SOURCE_ROOT: no function over 100 lines and no source file over 600 in
// core/, database/, ui/ and app/, except those tests/lint/code_size_allowance.txt still allows
// while they wait to be split: each at most the length it has there, so the allowance only
// shrinks. Prints each breach as FILE:LINE: what and the limit; exits 1 on any.

#include "code_size.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>

namespace fs = std::filesystem;
using torchrig::lint::functionsIn;

namespace {

constexpr int kMaxFunctionLines = 100;
constexpr int kMaxFileLines = 600;
const char* const kFolders[] = {"core", "database", "ui", "app"};

std::string readAll(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

int lineCount(const std::string& text) {
    int lines = 0;
    for (char c : text)
        lines += c == '\n';
    return lines + (!text.empty() && text.back() != '\n');
}

// "PATH NAME LINES" per line ('#' starts a comment); NAME is "(file)" for a file's own length.
std::map<std::pair<std::string, std::string>, int> readAllowance(const fs::path& path, bool& ok) {
    std::map<std::pair<std::string, std::string>, int> allowed;
    std::ifstream in(path);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream fields(line);
        std::string file, name;
        int lines = 0;
        if (!(fields >> file >> name >> lines)) {
            std::cerr << path.string() << ":" << number << ": not PATH NAME LINES: " << line << "\n";
            ok = false;
            continue;
        }
        allowed[{file, name}] = lines;
    }
    return allowed;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: torchrig-check-code-size SOURCE_ROOT\n";
        return 2;
    }
    const fs::path root = argv[1];
    bool ok = true;
    const auto allowancePath = root / "tests/lint/code_size_allowance.txt";
    auto allowed = readAllowance(allowancePath, ok);
    std::set<std::pair<std::string, std::string>> used;
    int files = 0, functions = 0;
    auto breach = [&](const std::string& file, int line, const std::string& name, int lines, int limit) {
        const auto key = std::make_pair(file, name);
        const auto allowance = allowed.find(key);
        if (allowance != allowed.end()) {
            used.insert(key);
            if (lines <= allowance->second)
                return;
            std::cout << file << ":" << line << ": " << name << " is " << lines << " lines, more than the "
                      << allowance->second << " " << allowancePath.filename().string()
                      << " allows it until it is split (the limit is " << limit << ")\n";
        } else {
            std::cout << file << ":" << line << ": " << name << " is " << lines << " lines (at most " << limit
                      << "): split it by what it does\n";
        }
        ok = false;
    };
    for (const char* folder : kFolders) {
        if (!fs::is_directory(root / folder)) {
            std::cerr << (root / folder).string() << " is not a folder: give the source tree's root\n";
            return 2;
        }
        for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
            const auto extension = entry.path().extension();
            if (!entry.is_regular_file() || (extension != ".cpp" && extension != ".h"))
                continue;
            const auto file = fs::relative(entry.path(), root).generic_string();
            const auto text = readAll(entry.path());
            ++files;
            if (const int lines = lineCount(text); lines > kMaxFileLines)
                breach(file, 1, "(file)", lines, kMaxFileLines);
            for (const auto& f : functionsIn(text)) {
                ++functions;
                if (f.lines() > kMaxFunctionLines)
                    breach(file, f.firstLine, f.name, f.lines(), kMaxFunctionLines);
            }
        }
    }
    for (const auto& [key, lines] : allowed)
        if (!used.count(key)) {
            std::cout << allowancePath.filename().string() << ": " << key.first << " " << key.second
                      << " is within the limit now (or gone): remove its line\n";
            ok = false;
        }
    std::cout << files << " files, " << functions
              << " functions: " << (ok ? "none over its limit" : "some over their limits, above")
              << " (functions " << kMaxFunctionLines << " lines, files " << kMaxFileLines << "; "
              << allowed.size() << " allowed until split)\n";
    return ok ? 0 : 1;
}
