#pragma once
// One edit of a build, kept as the build before and after it. A build is a small value (a few
// parts and workloads), so whole snapshots make undo exact by construction, where a command per
// kind of edit would each have to invert itself; repeated edits of one field merge, and a merge
// that comes back to the build before the first of them is no edit at all (it leaves the stack).

#include "edit_merge.h"
#include "plan/build.h"

#include <QUndoCommand>

namespace torchrig::ui {

class BuildDocument;

class EditBuildCommand : public QUndoCommand {
public:
    EditBuildCommand(BuildDocument& document, const QString& label, plan::Build before, plan::Build after,
                     EditMerge merge);

    void undo() override;
    void redo() override;
    // QUndoStack tries a merge only between commands of one id (-1: never); mergeWith then asks
    // for the same part, workload or cell.
    int id() const override {
        return m_merge.field == MergeField::None ? -1 : static_cast<int>(m_merge.field);
    }
    bool mergeWith(const QUndoCommand* other) override;

private:
    BuildDocument& m_document;
    plan::Build m_before;
    plan::Build m_after;
    EditMerge m_merge;
};

} // namespace torchrig::ui
