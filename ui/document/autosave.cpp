#include "autosave.h"

#include "build_document.h"
#include "io/build_file.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTimer>

#include <cerrno>
#include <csignal>
#include <sys/types.h>
#include <unistd.h>

namespace torchrig::ui {

namespace {

constexpr int kDelayMs = 1000;
const QString kSuffix = QStringLiteral(".torchrig-autosave");

QString sidecarOf(const QString& path) {
    return path + QStringLiteral(".json");
}

bool processRuns(qint64 pid) {
    return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
}

bool writeAtomically(const QString& path, const QByteArray& bytes) {
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
}

} // namespace

Autosave::Autosave(BuildDocument& document, QString folder, QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_folder(std::move(folder))
    , m_timer(new QTimer(this)) {
    static int counter = 0;
    m_path = QDir(m_folder).filePath(
        QStringLiteral("build-%1-%2%3").arg(QCoreApplication::applicationPid()).arg(++counter).arg(kSuffix));
    m_timer->setSingleShot(true);
    m_timer->setInterval(kDelayMs);
    connect(m_timer, &QTimer::timeout, this, &Autosave::flush);
    connect(&m_document, &BuildDocument::buildChanged, m_timer, qOverload<>(&QTimer::start));
    connect(&m_document, &BuildDocument::modifiedChanged, this, [this](bool modified) {
        if (!modified) {
            m_timer->stop();
            remove();
        }
    });
}

Autosave::~Autosave() {
    // A clean close removes the file; unsaved work at exit stays for the next start to offer
    // only if the process dies before this runs (the window asks before closing otherwise).
    remove();
}

QString Autosave::defaultFolder() {
    const auto configured = qEnvironmentVariable("TORCHRIG_AUTOSAVE_DIR");
    if (!configured.isEmpty())
        return configured;
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("autosave"));
}

void Autosave::flush() {
    if (!m_document.isModified()) {
        remove();
        return;
    }
    QDir().mkpath(m_folder);
    const auto text = writeBuildFile(m_document.build());
    QJsonObject sidecar{{QStringLiteral("original"), m_document.filePath()},
                        {QStringLiteral("written"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
                        {QStringLiteral("pid"), QCoreApplication::applicationPid()}};
    // The sidecar first: a build file without one is never offered.
    writeAtomically(sidecarOf(m_path), QJsonDocument(sidecar).toJson());
    writeAtomically(m_path, QByteArray::fromStdString(text));
}

void Autosave::remove() {
    QFile::remove(m_path);
    QFile::remove(sidecarOf(m_path));
}

std::vector<Autosave::Recoverable> Autosave::findRecoverable(const QString& folder) {
    std::vector<Recoverable> found;
    const QDir dir(folder);
    for (const auto& name : dir.entryList({QStringLiteral("*") + kSuffix}, QDir::Files, QDir::Time)) {
        const auto path = dir.filePath(name);
        QFile sidecarFile(sidecarOf(path));
        if (!sidecarFile.open(QIODevice::ReadOnly))
            continue;
        const auto sidecar = QJsonDocument::fromJson(sidecarFile.readAll()).object();
        if (processRuns(sidecar.value(QStringLiteral("pid")).toInteger()))
            continue; // another TorchRig's open document
        found.push_back(
            {path, sidecar.value(QStringLiteral("original")).toString(),
             QDateTime::fromString(sidecar.value(QStringLiteral("written")).toString(), Qt::ISODate)});
    }
    return found;
}

Status Autosave::recover(const Recoverable& recoverable, BuildDocument& document) {
    if (auto recovered = document.recover(recoverable.autosavePath, recoverable.originalPath); !recovered)
        return recovered;
    discard(recoverable);
    return Ok{};
}

void Autosave::discard(const Recoverable& recoverable) {
    QFile::remove(recoverable.autosavePath);
    QFile::remove(sidecarOf(recoverable.autosavePath));
}

} // namespace torchrig::ui
