# What makes a build of the project cheaper without checking less (issue 53): precompiled headers and
# unity builds, each a function a target's CMakeLists.txt calls.
#
# Precompiled headers for the project's targets: the heavy third-party and standard headers that most
# units of a target include, compiled once per target (issue 53: CLI11, nlohmann/json and fmt parsed
# again in each of 17 CLI units; Catch2 in 65 test units; Qt in every ui unit). LibTorch is not
# here: its two units are one in the unity build (app/validate/CMakeLists.txt), and its precompiled
# header took as long to make as they take to compile.
#
# Only headers from outside the project go in: a project header here would make every unit of the
# target depend on it, so that a one-line change to it rebuilt them all. A unit still includes what
# it uses; the precompiled header only makes that include cheap (so ci-nogui, built with the same
# lists, does not check that a unit includes enough: the compilers' own -H would).
#
# GCC 12.2 (Debian 12's) warns falsely on std::string(x) + "literal" (-Warray-bounds inside
# char_traits.h, GCC bug 105329). Without a precompiled header it keeps that warning to itself, as
# in a system header; with one it reports it, and -Werror stops the build: append to the string
# instead (tests/cli/cli_run.cpp).
#
# torchrig_precompile_headers(TARGET SET...) gives TARGET the headers of each named set.

set(TORCHRIG_PCH_STANDARD <algorithm> <array> <cmath> <cstdint> <cstdio> <functional> <map> <memory>
                          <optional> <set> <sstream> <string> <string_view> <utility> <variant> <vector>)
set(TORCHRIG_PCH_JSON <nlohmann/json.hpp>)
set(TORCHRIG_PCH_FMT <fmt/format.h>)
set(TORCHRIG_PCH_CLI11 <CLI/CLI.hpp>)
set(TORCHRIG_PCH_SQLITE <SQLiteCpp/SQLiteCpp.h>)
set(TORCHRIG_PCH_CATCH2 <catch2/catch.hpp>)
set(TORCHRIG_PCH_FILESYSTEM <filesystem> <fstream> <chrono>)
set(TORCHRIG_PCH_QT <QtWidgets/QtWidgets>)
set(TORCHRIG_PCH_QT_TEST <QtTest/QtTest>)
# qcustomplot.h itself only through ui/analysis/qcustomplot_include.h, which silences its warnings.

function(torchrig_precompile_headers target)
    if(NOT TORCHRIG_PRECOMPILED_HEADERS)
        return()
    endif()
    set(headers "")
    foreach(set_name IN LISTS ARGN)
        if(NOT DEFINED TORCHRIG_PCH_${set_name})
            message(FATAL_ERROR "torchrig_precompile_headers: no header set ${set_name} (cmake/build_speed.cmake)")
        endif()
        list(APPEND headers ${TORCHRIG_PCH_${set_name}})
    endforeach()
    target_precompile_headers(${target} PRIVATE ${headers})
endfunction()

# Unity builds: a target's sources compiled BATCH at a time as one unit, so that the headers and the
# templates they instantiate (nlohmann/json, fmt, CLI11, Qt) are compiled once a batch instead of
# once a file. The CI presets turn it on (clean builds); the developer's build keeps one unit a
# file, so that an edit recompiles one file. Sources of one target share a unit: a name in an
# anonymous namespace must be unique across the target (rename what collides; never exclude).
option(TORCHRIG_UNITY_BUILD "Compile the big targets' sources in batches (the CI presets turn it on)" OFF)

function(torchrig_unity_build target batch)
    if(TORCHRIG_UNITY_BUILD)
        set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${batch})
    endif()
endfunction()
