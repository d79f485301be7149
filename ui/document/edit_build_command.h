#pragma once
// One edit of a build, kept as the build before and after it. A build is a small value (a few
// parts and workloads), so whole snapshots make undo exact by construction, where a command per
// kind of edit would each have to invert itself; repeated edits of one field merge.

#include "plan/build.h"

#include <QUndoCommand>

namespace torchrig::ui {

class BuildDocument;

class EditBuildCommand : public QUndoCommand {
public:
    EditBuildCommand(BuildDocument& document, const QString& label, plan::Build before, plan::Build after,
                     int mergeKey);

    void undo() override;
    void redo() override;
    int id() const override { return m_mergeKey; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    BuildDocument& m_document;
    plan::Build m_before;
    plan::Build m_after;
    int m_mergeKey;
};

} // namespace torchrig::ui
