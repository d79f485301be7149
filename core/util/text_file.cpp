#include "util/text_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace torchrig {

namespace {

namespace fs = std::filesystem;

// What a non-regular file is, in the words of a refusal.
std::string kindOf(mode_t mode) {
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISFIFO(mode))
        return "a named pipe (FIFO)";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "a device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

Error notRegular(const fs::path& path, mode_t mode) {
    return makeError(ErrorCode::InvalidInput,
                     path.string() + " is " + kindOf(mode) + ", not a file: give the path of a regular file");
}

Error systemError(const fs::path& path, const char* doing, int error) {
    return makeError(ErrorCode::Io, path.string() + " " + doing + ": " + std::strerror(error));
}

// Closes on every path out, so an early return leaks no descriptor.
class FileDescriptor {
public:
    explicit FileDescriptor(int fd)
        : m_fd(fd) {}
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    ~FileDescriptor() {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    int get() const { return m_fd; }
    int release() { return std::exchange(m_fd, -1); }

private:
    int m_fd;
};

Status writeAll(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        const auto written = ::write(fd, bytes.data(), bytes.size());
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            return makeError(ErrorCode::Io, std::strerror(written < 0 ? errno : EIO));
        bytes.remove_prefix(static_cast<std::size_t>(written));
    }
    return Ok{};
}

// The folder's entry for the new name is durable only once the folder itself is synced.
void syncFolder(const fs::path& folder) {
    const FileDescriptor fd(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (fd.get() >= 0)
        ::fsync(fd.get());
}

mode_t currentUmask() {
    const auto mask = ::umask(0);
    ::umask(mask);
    return mask;
}

} // namespace

Status checkRegularFile(const fs::path& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return makeError(ErrorCode::Io, path.string() + " does not exist");
        return systemError(path, "cannot be read", errno);
    }
    if (!S_ISREG(info.st_mode))
        return notRegular(path, info.st_mode);
    return Ok{};
}

Result<std::string> readTextFile(const fs::path& path, std::size_t maxBytes) {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever. The type is
    // then checked on the open descriptor, so nothing can be swapped in between.
    const FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
    if (fd.get() < 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return makeError(ErrorCode::Io, path.string() + " does not exist");
        return systemError(path, "cannot be read", errno);
    }
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0)
        return systemError(path, "cannot be read", errno);
    if (!S_ISREG(info.st_mode))
        return notRegular(path, info.st_mode);
    auto tooLarge = [&] {
        return makeError(ErrorCode::InvalidInput, path.string() + " is larger than " +
                                                      std::to_string(maxBytes >> 20) +
                                                      " MiB, more than any file TorchRig reads");
    };
    if (static_cast<std::uint64_t>(info.st_size) > maxBytes)
        return tooLarge();
    // Read at most one byte past the limit: a file that grows while it is read is refused too.
    std::string text;
    char chunk[1 << 16];
    for (;;) {
        const auto got = ::read(fd.get(), chunk, sizeof chunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return systemError(path, "cannot be read", errno);
        if (got == 0)
            break;
        text.append(chunk, static_cast<std::size_t>(got));
        if (text.size() > maxBytes)
            return tooLarge();
    }
    return text;
}

namespace {

fs::path folderOf(const fs::path& path) {
    return path.has_parent_path() ? path.parent_path() : fs::path(".");
}

// mkstemp creates with O_CREAT|O_EXCL under a random name: a link planted at any name is never
// opened, and two writers never share a temporary file. The descriptor, and the name in `pattern`.
int createBeside(const fs::path& path, std::string& pattern) {
    pattern = (folderOf(path) / ("." + path.filename().string() + ".XXXXXX")).string();
    return ::mkostemp(pattern.data(), O_CLOEXEC);
}

} // namespace

Result<fs::path> createFileBeside(const fs::path& path) {
    std::string pattern;
    const FileDescriptor fd(createBeside(path, pattern));
    if (fd.get() < 0)
        return systemError(path, "cannot be written", errno);
    if (::fchmod(fd.get(), 0666 & ~currentUmask()) != 0) {
        const int why = errno;
        ::unlink(pattern.c_str());
        return systemError(path, "cannot be written", why);
    }
    return fs::path(pattern);
}

Status writeFileAtomically(const fs::path& path, std::string_view bytes, ExistingTarget existing) {
    std::string pattern;
    const FileDescriptor fd(createBeside(path, pattern));
    if (fd.get() < 0)
        return systemError(path, "cannot be written", errno);
    const fs::path temporary = pattern;
    auto fail = [&](Error error) {
        ::unlink(temporary.c_str());
        return error;
    };
    if (auto written = writeAll(fd.get(), bytes); !written)
        return fail(
            makeError(ErrorCode::Io, path.string() + " cannot be written: " + written.error().message));
    // mkstemp makes the file private (0600); a file the user saves gets the permissions any new file
    // of theirs would (a catalog installed system-wide must be readable by every user).
    if (::fchmod(fd.get(), 0666 & ~currentUmask()) != 0 || ::fsync(fd.get()) != 0)
        return fail(systemError(path, "cannot be written", errno));
    if (existing == ExistingTarget::Replace) {
        if (::rename(temporary.c_str(), path.c_str()) != 0)
            return fail(systemError(path, "cannot be written", errno));
    } else {
        // link() fails with EEXIST where the name is taken, atomically, and never replaces it.
        if (::link(temporary.c_str(), path.c_str()) != 0) {
            const int why = errno;
            if (why == EEXIST)
                return fail(
                    makeError(ErrorCode::Conflict, path.string() + " exists already; it was left as it is"));
            return fail(systemError(path, "cannot be written", why));
        }
        ::unlink(temporary.c_str());
    }
    syncFolder(folderOf(path));
    return Ok{};
}

} // namespace torchrig
