#pragma once
// How long the functions of one C++ source are, found from its braces: comments, string and
// character literals and preprocessor lines are set aside, namespaces and class bodies are looked
// into, and a brace that follows a parameter list (or a constructor's initializer list, a trailing
// return type, const, noexcept…) opens a function. Data tables (`= {…}`), brace initializers and
// lambdas held in variables at namespace scope are not functions. A heuristic made for this
// repository's code, which clang-format keeps regular; its tests are tests/lint/code_size_test.cpp.

#include <string>
#include <string_view>
#include <vector>

namespace torchrig::lint {

struct FunctionSpan {
    std::string name;  // as written: run, PlanCommand::run, operator==
    int firstLine = 0; // the line where its declaration starts (1-based)
    int lastLine = 0;  // the line of its closing brace
    int lines() const { return lastLine - firstLine + 1; }
};

std::vector<FunctionSpan> functionsIn(std::string_view source);

} // namespace torchrig::lint
