#pragma once
// An open build: the plan::Build, the file it came from, and the undo stack every edit goes
// through. "Modified" is the undo stack not being at its clean index (Tiled's rule), so undoing
// back to the saved state is unmodified again.

#include "plan/build.h"
#include "util/result.h"

#include <QObject>
#include <QString>

#include <functional>

class QUndoStack;

namespace torchrig::ui {

class BuildDocument : public QObject {
    Q_OBJECT
public:
    explicit BuildDocument(QObject* parent = nullptr);
    ~BuildDocument() override;

    const plan::Build& build() const { return m_build; }
    QUndoStack* undoStack() const { return m_undoStack; }
    const QString& filePath() const { return m_filePath; }
    QString displayName() const; // the file's name, or "Untitled"
    bool isModified() const;

    // Reads a .torchrig file; on an error the document is unchanged and the message says why.
    Status open(const QString& path);
    // An autosaved copy of unsaved work, opened as unsaved work on `originalPath` (empty: never saved).
    Status recover(const QString& autosavePath, const QString& originalPath);
    // Writes atomically (QSaveFile); on success the stack is marked clean.
    Status saveAs(const QString& path);
    Status save() { return saveAs(m_filePath); }
    // Starts over with `build` (a preset, or empty), unsaved.
    void reset(plan::Build build);

    // Edits, each an undoable command; `mergeKey` joins repeated edits of one field (a spin box).
    void edit(const QString& label, const std::function<void(plan::Build&)>& change, int mergeKey = -1);
    void addPart(plan::BuildPart part);
    void removePart(int index);
    void setPartQuantity(int index, int quantity);
    void setNodes(int nodes);
    void setTitle(const QString& title);
    // A build keeps several workloads (a lab's LoRA fine-tune and its ResNets); the analysis, the
    // workload editor and Validate show the current one. Which one is current is a view, not an
    // edit: it is not undone and not saved.
    int currentWorkloadIndex() const { return m_currentWorkload; } // -1: the build has none
    const plan::BuildWorkload* currentWorkload() const;
    void setCurrentWorkloadIndex(int index);
    // The current workload replaced, or removed (none); the first one when the build has none.
    // `mergeKey` (the field edited) joins a spin box's steps.
    void setWorkload(std::optional<plan::BuildWorkload> workload, int mergeKey = -1);
    void addWorkload(plan::BuildWorkload workload); // appended, and made current

    // Used by the undo command only: replaces the build and says so.
    void replaceBuild(const plan::Build& build);

Q_SIGNALS:
    void buildChanged();
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);

private:
    plan::Build m_build;
    QUndoStack* m_undoStack = nullptr;
    QString m_filePath;
    int m_currentWorkload = -1;

    void clampCurrentWorkload();
};

} // namespace torchrig::ui
