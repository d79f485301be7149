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
Message kindOf(mode_t mode) {
    if (S_ISDIR(mode))
        return TORCHRIG_MESSAGE("file", "a folder");
    if (S_ISFIFO(mode))
        return TORCHRIG_MESSAGE("file", "a named pipe (FIFO)");
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return TORCHRIG_MESSAGE("file", "a device");
    if (S_ISSOCK(mode))
        return TORCHRIG_MESSAGE("file", "a socket");
    return TORCHRIG_MESSAGE("file", "not a regular file");
}

Error notRegular(const fs::path& path, mode_t mode) {
    return makeError(ErrorCode::InvalidInput,
                     TORCHRIG_MESSAGE("file", "%1 is %2, not a file: give the path of a regular file")
                         .arg(path.string())
                         .arg(kindOf(mode)));
}

// The operating system's own words (strerror) stay as they are: they are English in every locale
// the app runs in, and a person searching for them finds them so.
Error cannotRead(const fs::path& path, int error) {
    return makeError(
        ErrorCode::Io,
        TORCHRIG_MESSAGE("file", "%1 cannot be read: %2").arg(path.string()).arg(std::strerror(error)));
}

Error cannotWrite(const fs::path& path, int error) {
    return makeError(
        ErrorCode::Io,
        TORCHRIG_MESSAGE("file", "%1 cannot be written: %2").arg(path.string()).arg(std::strerror(error)));
}

Error doesNotExist(const fs::path& path) {
    return makeError(ErrorCode::Io, TORCHRIG_MESSAGE("file", "%1 does not exist").arg(path.string()));
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
            return doesNotExist(path);
        return cannotRead(path, errno);
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
            return doesNotExist(path);
        return cannotRead(path, errno);
    }
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0)
        return cannotRead(path, errno);
    if (!S_ISREG(info.st_mode))
        return notRegular(path, info.st_mode);
    auto tooLarge = [&] {
        return makeError(
            ErrorCode::InvalidInput,
            TORCHRIG_MESSAGE("file", "%1 is larger than %2 MiB, more than any file TorchRig reads")
                .arg(path.string())
                .arg(std::to_string(maxBytes >> 20)));
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
            return cannotRead(path, errno);
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
        return cannotWrite(path, errno);
    if (::fchmod(fd.get(), 0666 & ~currentUmask()) != 0) {
        const int why = errno;
        ::unlink(pattern.c_str());
        return cannotWrite(path, why);
    }
    return fs::path(pattern);
}

Status writeFileAtomically(const fs::path& path, std::string_view bytes, ExistingTarget existing) {
    std::string pattern;
    const FileDescriptor fd(createBeside(path, pattern));
    if (fd.get() < 0)
        return cannotWrite(path, errno);
    const fs::path temporary = pattern;
    auto fail = [&](Error error) {
        ::unlink(temporary.c_str());
        return error;
    };
    if (auto written = writeAll(fd.get(), bytes); !written)
        return fail(makeError(ErrorCode::Io, TORCHRIG_MESSAGE("file", "%1 cannot be written: %2")
                                                 .arg(path.string())
                                                 .arg(written.error().message)));
    // mkstemp makes the file private (0600); a file the user saves gets the permissions any new file
    // of theirs would (a catalog installed system-wide must be readable by every user).
    if (::fchmod(fd.get(), 0666 & ~currentUmask()) != 0 || ::fsync(fd.get()) != 0)
        return fail(cannotWrite(path, errno));
    if (existing == ExistingTarget::Replace) {
        if (::rename(temporary.c_str(), path.c_str()) != 0)
            return fail(cannotWrite(path, errno));
    } else {
        // link() fails with EEXIST where the name is taken, atomically, and never replaces it.
        if (::link(temporary.c_str(), path.c_str()) != 0) {
            const int why = errno;
            if (why == EEXIST)
                return fail(makeError(
                    ErrorCode::Conflict,
                    TORCHRIG_MESSAGE("file", "%1 exists already; it was left as it is").arg(path.string())));
            return fail(cannotWrite(path, why));
        }
        ::unlink(temporary.c_str());
    }
    syncFolder(folderOf(path));
    return Ok{};
}

} // namespace torchrig
