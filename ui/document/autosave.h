#pragma once
// Unsaved work written aside a second after each edit, so that a crash or a kill loses at most
// that second: one file per open document in the autosave folder, named with the process id, and
// a sidecar naming the file it belongs to. Removed when the document is saved or closed clean. On
// start, files whose process is gone are offered back.

#include "util/result.h"

#include <QDateTime>
#include <QObject>
#include <QString>

#include <vector>

class QTimer;

namespace torchrig::ui {

class BuildDocument;

class Autosave : public QObject {
    Q_OBJECT
public:
    Autosave(BuildDocument& document, QString folder, QObject* parent = nullptr);
    ~Autosave() override;

    // TORCHRIG_AUTOSAVE_DIR, else "autosave" in the application's data folder.
    static QString defaultFolder();

    void flush(); // write now when modified, remove when clean
    const QString& filePath() const { return m_path; }

    struct Recoverable {
        QString autosavePath;
        QString originalPath; // empty: never saved
        QDateTime written;
    };
    // Autosaves left by processes that are no longer running.
    static std::vector<Recoverable> findRecoverable(const QString& folder);
    // The autosaved build into `document`, unsaved, under its original file name; the autosave
    // files are removed once the document holds it.
    static Status recover(const Recoverable& recoverable, BuildDocument& document);
    static void discard(const Recoverable& recoverable);

private:
    void remove();

    BuildDocument& m_document;
    QString m_folder;
    QString m_path;
    QTimer* m_timer = nullptr;
};

} // namespace torchrig::ui
