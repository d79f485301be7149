#pragma once
// An open build: the plan::Build, the file it came from, and the undo stack every edit goes
// through. "Modified" is the undo stack not being at its clean index (Tiled's rule), so undoing
// back to the saved state is unmodified again. Each change says which aspects of the build it
// touched, so that a view redoes only what depends on them: a keystroke in the notes does not
// re-estimate the workload.

#include "edit_merge.h"
#include "plan/build.h"
#include "util/result.h"

#include <QFlags>
#include <QObject>
#include <QString>

#include <functional>

class QUndoStack;

namespace torchrig::ui {

enum class BuildAspect : unsigned {
    Title = 1u << 0, // the title, and the preset and article it started from
    Parts = 1u << 1, // which parts, their quantities, notes and snapshots
    Nodes = 1u << 2,
    Workloads = 1u << 3,       // any workload's fields, or which workloads there are
    CurrentWorkload = 1u << 4, // which workload the views show (a view, not an edit)
    Purchasing = 1u << 5,      // the requester, group and budget code
    Quotes = 1u << 6,          // the vendors' quotes, which price the parts
    Notes = 1u << 7,
};
Q_DECLARE_FLAGS(BuildAspects, BuildAspect)
Q_DECLARE_OPERATORS_FOR_FLAGS(BuildAspects)

// Every aspect: a build opened, recovered or started over.
inline constexpr BuildAspects kWholeBuild = BuildAspects::fromInt(0xffu);
// What the estimates, the checks, the charts and the advice read of a build: the hardware, its
// prices and the workloads. The title, the notes and the purchasing details change none of them.
inline constexpr BuildAspects kEstimateInputs = BuildAspects::fromInt(
    static_cast<unsigned>(BuildAspect::Parts) | static_cast<unsigned>(BuildAspect::Nodes) |
    static_cast<unsigned>(BuildAspect::Workloads) | static_cast<unsigned>(BuildAspect::CurrentWorkload) |
    static_cast<unsigned>(BuildAspect::Quotes));

// The aspects in which two builds differ.
BuildAspects aspectsChanged(const plan::Build& before, const plan::Build& after);

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

    // Edits, each an undoable command (none when the change changes nothing); `merge` joins
    // repeated edits of one field (a spin box, a line typed in).
    void edit(const QString& label, const std::function<void(plan::Build&)>& change, EditMerge merge = {});
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
    // `field` (the editor's field edited; -1: none) joins a spin box's steps.
    void setWorkload(std::optional<plan::BuildWorkload> workload, int field = -1);
    void addWorkload(plan::BuildWorkload workload); // appended, and made current

    // Used by the undo command only: replaces the build and says what changed.
    void replaceBuild(const plan::Build& build);

Q_SIGNALS:
    void buildChanged(torchrig::ui::BuildAspects changed);
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);

private:
    plan::Build m_build;
    QUndoStack* m_undoStack = nullptr;
    QString m_filePath;
    int m_currentWorkload = -1;

    void clampCurrentWorkload();
};

// Calls `slot` of `receiver` after each change of the document that touches any of `aspects`.
template <class Receiver, class Slot>
void onBuildChanged(BuildDocument& document, BuildAspects aspects, Receiver* receiver, Slot slot) {
    QObject::connect(&document, &BuildDocument::buildChanged, receiver,
                     [aspects, receiver, slot](BuildAspects changed) {
                         if (changed.testAnyFlags(aspects))
                             (receiver->*slot)();
                     });
}

} // namespace torchrig::ui
