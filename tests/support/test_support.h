#pragma once

#include "catalog.h"
#include "estimate/estimate.h"
#include "plan/build.h"

#include <filesystem>
#include <string>

namespace torchrig::test {

// A folder of its own under the system's temporary folder, removed when the test ends.
class TemporaryFolder {
public:
    TemporaryFolder();
    ~TemporaryFolder();
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
    const std::filesystem::path& path() const { return m_path; }
    std::filesystem::path file(const std::string& name) const { return m_path / name; }

private:
    std::filesystem::path m_path;
};

// Makes a folder's files unwritable for this process while it lives: by file mode (chmod a-w), or,
// for root, whom modes do not stop, by a read-only bind mount in a private mount namespace.
class ReadOnlyFolder {
public:
    explicit ReadOnlyFolder(const std::filesystem::path& folder);
    ~ReadOnlyFolder();
    ReadOnlyFolder(const ReadOnlyFolder&) = delete;
    ReadOnlyFolder& operator=(const ReadOnlyFolder&) = delete;
    bool active() const { return m_active; }
    const std::string& why() const { return m_why; } // when not active

private:
    std::filesystem::path m_folder;
    bool m_active = false;
    bool m_mounted = false;
    std::string m_why;
};

std::filesystem::path bundledCatalogPath();
std::filesystem::path seedFolder();
std::string readFile(const std::filesystem::path& path);
// Today's date in UTC as YYYY-MM-DD: a pack "of the next release" is dated today, since a pack
// dated beyond a few days ahead is refused as not genuine.
std::string todayUtc();
void writeFile(const std::filesystem::path& path, const std::string& text);
// What a shell command line writes on its standard output, all of it (its exit status is not
// looked at: say it with `echo` where a test needs it).
std::string shellOutput(const std::string& command);
// The catalog over the build's bundled file and a user database at userPath.
std::unique_ptr<db::Catalog> openCatalog(const std::filesystem::path& userPath, bool readOnly = false);
// A made-up 80 GB GPU with round rates, so that time tests can count by hand.
estimate::DeviceSpec madeUpGpu();
// A build's part as the rules read it: its id is its name too.
plan::BuildPart buildPart(std::string id, PartCategory category,
                          std::map<std::string, plan::SpecValue, std::less<>> fields, int quantity = 1);
// A valid user GPU part with the figures a GPU requires.
db::PartRecord sampleGpu(const std::string& id, const std::string& name);

} // namespace torchrig::test
