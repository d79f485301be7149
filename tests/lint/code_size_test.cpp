// The function finder behind torchrig-check-code-size, on the shapes of code this repository has.

#include "code_size.h"

#include <catch2/catch.hpp>

#include <string>

using torchrig::lint::functionsIn;

namespace {

std::string lines(int count, const std::string& line = "    ++x;") {
    std::string out;
    for (int i = 0; i < count; ++i)
        out += line + "\n";
    return out;
}

} // namespace

TEST_CASE("A long function is found with its name, first line and length", "[lint]") {
    const auto source = "#include <x>\n"
                        "namespace torchrig::cli {\n"
                        "\n"
                        "int PlanCommand::run(const Options& options,\n"
                        "                     int more) const {\n" +
                        lines(101) + "}\n} // namespace torchrig::cli\n";
    const auto found = functionsIn(source);
    REQUIRE(found.size() == 1);
    CHECK(found[0].name == "PlanCommand::run");
    CHECK(found[0].firstLine == 4);
    CHECK(found[0].lines() == 104); // the two lines of the declaration, 101 of body, the brace
}

TEST_CASE("Braces in comments, strings, raw strings and directives do not open or close anything", "[lint]") {
    const auto source = std::string("#define OPEN {\n"
                                    "void f() {\n"
                                    "    auto s = \"}}} {\"; // }\n"
                                    "    auto r = R\"json({\"a\": }})json\";\n"
                                    "    char c = '}';\n"
                                    "    /* } */ int big = 1'000'000;\n"
                                    "}\n"
                                    "void g() {}\n");
    const auto found = functionsIn(source);
    REQUIRE(found.size() == 2);
    CHECK(found[0].name == "f");
    CHECK(found[0].lines() == 6);
    CHECK(found[1].name == "g");
}

TEST_CASE(
    "Classes and namespaces are looked into, and data tables, initializers and held lambdas are no functions",
    "[lint]") {
    const auto source = std::string("namespace {\n"
                                    "const std::vector<Rule> kRules = {\n"
                                    "    {1, [] { return 2; }},\n"
                                    "};\n"
                                    "const auto twice = [](int x) {\n"
                                    "    return 2 * x;\n"
                                    "};\n"
                                    "} // namespace\n"
                                    "template <class T> struct Box {\n"
                                    "    std::function<void(int)> callback{[](int) {}};\n"
                                    "    T value() const { return m_value; }\n"
                                    "    bool operator==(const Box&) const { return true; }\n"
                                    "    T m_value{};\n"
                                    "};\n"
                                    "class Panel : public QWidget {\n"
                                    "    Q_OBJECT\n"
                                    "    Q_PROPERTY(int size READ size)\n"
                                    "public:\n"
                                    "    int size() const { return 1; }\n"
                                    "Q_SIGNALS:\n"
                                    "    void changed();\n"
                                    "};\n"
                                    "enum class Kind { A, B };\n");
    const auto found = functionsIn(source);
    REQUIRE(found.size() == 3);
    CHECK(found[0].name == "value");
    CHECK(found[1].name == "operator==");
    CHECK(found[2].name == "size");
    CHECK(found[2].firstLine == 19);
}

TEST_CASE("A constructor's initializer list, with brace initializers, belongs to it", "[lint]") {
    const auto source = "Panel::Panel(QWidget* parent)\n"
                        "    : QWidget(parent)\n"
                        "    , m_list{new QListWidget(this)}\n"
                        "    , m_timer(new QTimer(this)) {\n" +
                        lines(3) + "}\n" + "auto Panel::title() const -> QString {\n    return {};\n}\n";
    const auto found = functionsIn(source);
    REQUIRE(found.size() == 2);
    CHECK(found[0].name == "Panel::Panel");
    CHECK(found[0].firstLine == 1);
    CHECK(found[0].lines() == 8);
    CHECK(found[1].name == "Panel::title"); // a trailing return type
}

TEST_CASE("A lambda or a local class inside a function counts as the function's own lines", "[lint]") {
    const auto source = "void outer() {\n"
                        "    auto inner = [&] {\n" +
                        lines(5) + "    };\n    struct Local { int f() { return 1; } };\n}\n";
    const auto found = functionsIn(source);
    REQUIRE(found.size() == 1);
    CHECK(found[0].name == "outer");
    CHECK(found[0].lines() == 10);
}
