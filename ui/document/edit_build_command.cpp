#include "edit_build_command.h"

#include "build_document.h"

namespace torchrig::ui {

EditBuildCommand::EditBuildCommand(BuildDocument& document, const QString& label, plan::Build before,
                                   plan::Build after, EditMerge merge)
    : QUndoCommand(label)
    , m_document(document)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_merge(merge) {}

void EditBuildCommand::undo() {
    m_document.replaceBuild(m_before);
}

void EditBuildCommand::redo() {
    m_document.replaceBuild(m_after);
}

bool EditBuildCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const EditBuildCommand*>(other); // same id(): same class
    if (next->m_merge != m_merge)
        return false;
    m_after = next->m_after;
    setObsolete(m_after == m_before); // typed and deleted again: QUndoStack drops it
    return true;
}

} // namespace torchrig::ui
