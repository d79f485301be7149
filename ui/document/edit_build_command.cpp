#include "edit_build_command.h"

#include "build_document.h"

namespace torchrig::ui {

EditBuildCommand::EditBuildCommand(BuildDocument& document, const QString& label, plan::Build before,
                                   plan::Build after, int mergeKey)
    : QUndoCommand(label)
    , m_document(document)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_mergeKey(mergeKey) {}

void EditBuildCommand::undo() {
    m_document.replaceBuild(m_before);
}

void EditBuildCommand::redo() {
    m_document.replaceBuild(m_after);
}

bool EditBuildCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const EditBuildCommand*>(other); // same id(): same class
    m_after = next->m_after;
    return true;
}

} // namespace torchrig::ui
