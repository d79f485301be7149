// The suites' own hygiene: ctest (catch_discover_tests) cuts a test's name at a ';' (a CMake list
// separator) and then asks Catch for a test that does not exist, which runs nothing and passes.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

// Every TEST_CASE's name in `text`: its string literals joined, up to the tags ("[…]").
std::vector<std::string> testNames(const std::string& text) {
    std::vector<std::string> names;
    // A test case starts a line; the words elsewhere (in this file's own code) are not one.
    const std::string opening = "\nTEST_CASE(";
    for (auto at = text.find(opening); at != std::string::npos; at = text.find(opening, at + 1)) {
        std::string name;
        auto pos = at + opening.size();
        while (pos < text.size()) {
            const auto open = text.find_first_not_of(" \t\r\n", pos);
            if (open == std::string::npos || text[open] != '"' || text.compare(open, 2, "\"[") == 0)
                break;
            auto close = open + 1;
            while (close < text.size() && (text[close] != '"' || text[close - 1] == '\\'))
                ++close;
            name += text.substr(open + 1, close - open - 1);
            pos = text.find_first_not_of(" \t\r\n", close + 1);
            if (pos != std::string::npos && text[pos] == ',')
                ++pos;
        }
        names.push_back(name);
    }
    return names;
}

} // namespace

TEST_CASE("No test's name holds a semicolon, which ctest would cut, running nothing", "[core][tests]") {
    const std::filesystem::path root = TORCHRIG_TEST_SOURCES;
    int tests = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
        if (entry.path().extension() != ".cpp")
            continue;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        for (const auto& name : testNames(text.str())) {
            ++tests;
            INFO(entry.path().filename().string() << ": " << name);
            CHECK(name.find(';') == std::string::npos);
        }
    }
    CHECK(tests > 150); // the scan found the suites' tests
    CHECK(testNames("\nTEST_CASE(\"a; b \"\n  \"c\", \"[x]\")") == std::vector<std::string>{"a; b c"});
}
