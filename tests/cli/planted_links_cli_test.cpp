// Every file torchrig-cli writes is written beside its target under a name created exclusively
// (util/text_file.h): a symlink planted where the temporary file used to be ("NAME.partial"), or
// at any name beside it, is never written through, and a file already at the target is replaced
// only where the command line says --force. Each writer is run with links planted at the names
// it once used, pointing at a file of "another user", which must stay as it was.

#include "cli_run.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>
#include <sys/stat.h>
#include <vector>

using namespace torchrig;
using test::runCli;
namespace fs = std::filesystem;

namespace {

const std::string kVictimText = "another user's file\n";

mode_t currentUmask() {
    const auto mask = ::umask(0);
    ::umask(mask);
    return mask;
}

// A link at each name a writer of `target` could once be tricked into opening, all to `victim`.
std::vector<fs::path> plantLinks(const fs::path& target, const fs::path& victim) {
    std::vector<fs::path> links;
    for (const auto& suffix : {".partial", ".tmp", "~"}) {
        auto link = target;
        link += suffix;
        links.push_back(link);
        links.push_back(target.parent_path() / ("." + target.filename().string() + suffix));
    }
    for (const auto& link : links)
        fs::create_symlink(victim, link);
    return links;
}

// The folder holds the written file, the links as planted and nothing else (no temporary file
// left behind), and the victim is untouched.
void expectOnlyTargetWritten(const fs::path& target, const std::vector<fs::path>& links,
                             const fs::path& victim) {
    CHECK(test::readFile(victim) == kVictimText);
    CHECK(fs::is_regular_file(fs::symlink_status(target)));
    for (const auto& link : links)
        CHECK(fs::is_symlink(fs::symlink_status(link)));
    std::set<fs::path> expected(links.begin(), links.end());
    expected.insert(target);
    for (const auto& entry : fs::directory_iterator(target.parent_path())) {
        INFO(entry.path().string());
        CHECK(expected.count(entry.path()) == 1);
    }
}

struct Writer {
    std::string name;
    std::string command; // writes "@OUT@"
};

} // namespace

TEST_CASE("No writer of torchrig-cli follows a link planted beside its output", "[cli][hostile][links]") {
    test::TemporaryFolder folder;
    const auto victim = folder.file("victim.txt");
    test::writeFile(victim, kVictimText);
    const auto build = folder.file("base.torchrig").string();
    REQUIRE(
        runCli(folder, "build new --preset entry-rtx-3060 -m resnet50 -b 32 -o '" + build + "'").exitCode ==
        0);
    const auto hf = folder.path() / "qwen";
    fs::create_directories(hf);
    fs::copy_file(TORCHRIG_TEST_SUPPORT "/hf/tiny-qwen2.json", hf / "config.json");

    std::vector<Writer> writers = {
        {"build new", "build new --preset entry-rtx-3060 -o '@OUT@'"},
        {"model import", "model import '" + hf.string() + "' -o '@OUT@'"},
        {"catalog export", "catalog export --category gpu --format csv -o '@OUT@'"},
    };
#ifdef TORCHRIG_TEST_HAS_REPORT
    for (const auto* extension : {"pdf", "md", "csv", "json"})
        writers.push_back({std::string("report .") + extension, "report '" + build + "' -o '@OUT@'"});
#endif
    int index = 0;
    for (const auto& writer : writers) {
        SECTION(writer.name) {
            const auto out =
                folder.path() / ("out" + std::to_string(index)) /
                (writer.name.rfind("report", 0) == 0 ? "sheet" + writer.name.substr(writer.name.find('.'))
                                                     : "written.out");
            fs::create_directories(out.parent_path());
            const auto links = plantLinks(out, victim);
            auto command = writer.command;
            command.replace(command.find("@OUT@"), 5, out.string());
            const auto run = runCli(folder, command);
            INFO(run.output);
            REQUIRE(run.exitCode == 0);
            expectOnlyTargetWritten(out, links, victim);
            // The written file has the permissions any new file of the user's gets (umask), not
            // the temporary file's private 0600.
            struct stat info {};
            REQUIRE(::stat(out.c_str(), &info) == 0);
            CHECK((info.st_mode & 0777) == (0666 & ~currentUmask()));

            // Again over the file now there: refused without --force, the file as it was.
            const auto before = test::readFile(out);
            const auto again = runCli(folder, command);
            INFO(again.output);
            CHECK(again.exitCode == 5);
            CHECK(again.output.find("exists") != std::string::npos);
            CHECK(again.output.find("--force") != std::string::npos);
            CHECK(test::readFile(out) == before);
            CHECK(runCli(folder, command + " --force").exitCode == 0);
            expectOnlyTargetWritten(out, links, victim);
        }
        ++index;
    }
}

TEST_CASE("An output that is itself a link is replaced by a file, never written through",
          "[cli][hostile][links]") {
    test::TemporaryFolder folder;
    const auto victim = folder.file("victim.txt");
    test::writeFile(victim, kVictimText);
    const auto out = folder.file("lab.torchrig");
    fs::create_symlink(victim, out);
    const auto refused = runCli(folder, "build new --preset entry-rtx-3060 -o '" + out.string() + "'");
    CHECK(refused.exitCode == 5);
    REQUIRE(runCli(folder, "build new --preset entry-rtx-3060 --force -o '" + out.string() + "'").exitCode ==
            0);
    CHECK(test::readFile(victim) == kVictimText);
    CHECK(fs::is_regular_file(fs::symlink_status(out)));
}

TEST_CASE("plan --save keeps an earlier plan's files unless --force, and plants no file through a link",
          "[cli][hostile][links][plan]") {
    test::TemporaryFolder folder;
    const auto victim = folder.file("victim.txt");
    test::writeFile(victim, kVictimText);
    const auto saved = folder.path() / "plans";
    fs::create_directories(saved);
    std::vector<fs::path> links;
    for (int i = 1; i <= 3; ++i)
        for (const auto& link : plantLinks(saved / ("plan-" + std::to_string(i) + ".torchrig"), victim))
            links.push_back(link);
    const std::string plan = "plan -m resnet18 -b 32 --save '" + saved.string() + "'";
    const auto first = runCli(folder, plan);
    INFO(first.output);
    REQUIRE(first.exitCode == 0);
    REQUIRE(fs::exists(saved / "plan-1.torchrig"));
    CHECK(test::readFile(victim) == kVictimText);

    // The user edits plan-1 by hand; planning again into the folder must not lose that edit.
    test::writeFile(saved / "plan-1.torchrig", test::readFile(saved / "plan-1.torchrig") + " ");
    const auto edited = test::readFile(saved / "plan-1.torchrig");
    const auto again = runCli(folder, plan);
    INFO(again.output);
    CHECK(again.exitCode == 5);
    CHECK(again.output.find("plan-1.torchrig exists already") != std::string::npos);
    CHECK(again.output.find("--force") != std::string::npos);
    CHECK(test::readFile(saved / "plan-1.torchrig") == edited);

    REQUIRE(runCli(folder, plan + " --force").exitCode == 0);
    CHECK(test::readFile(saved / "plan-1.torchrig") != edited);
    CHECK(test::readFile(victim) == kVictimText);
    for (const auto& link : links)
        CHECK(fs::is_symlink(fs::symlink_status(link)));
}

TEST_CASE("catalog update installs its pack without following a link planted beside it",
          "[cli][hostile][links][pack]") {
    test::TemporaryFolder folder;
    const auto victim = folder.file("victim.txt");
    test::writeFile(victim, kVictimText);
    const auto newer = folder.path() / "incoming" / "pack.sqlite";
    fs::create_directories(newer.parent_path());
    fs::copy_file(test::bundledCatalogPath(), newer);
    std::string version;
    {
        SQLite::Database pack(newer.string(), SQLite::OPEN_READWRITE);
        version = pack.execAndGet("SELECT value FROM catalog_pack WHERE key = 'version'").getString();
        // The same date, a later version: newer, and never a date in the future.
        pack.exec("UPDATE catalog_pack SET value = '" + version + ".1' WHERE key = 'version'");
    }
    const auto links = plantLinks(folder.file("catalog-pack.sqlite"), victim);
    const auto installed = runCli(folder, "catalog update '" + newer.string() + "'");
    INFO(installed.output);
    REQUIRE(installed.exitCode == 0);
    CHECK(test::readFile(victim) == kVictimText);
    CHECK(fs::is_regular_file(fs::symlink_status(folder.file("catalog-pack.sqlite"))));
    for (const auto& link : links)
        CHECK(fs::is_symlink(fs::symlink_status(link)));
}
