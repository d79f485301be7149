#include "build_document.h"

#include "document/message_translation.h"
#include "edit_build_command.h"
#include "io/build_file.h"
#include "util/text_file.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QUndoStack>

#include <algorithm>

namespace torchrig::ui {

BuildAspects aspectsChanged(const plan::Build& before, const plan::Build& after) {
    BuildAspects changed;
    if (before.title != after.title || before.presetId != after.presetId || before.source != after.source)
        changed |= BuildAspect::Title;
    if (before.parts != after.parts)
        changed |= BuildAspect::Parts;
    if (before.nodes != after.nodes)
        changed |= BuildAspect::Nodes;
    if (before.workloads != after.workloads)
        changed |= BuildAspect::Workloads;
    const auto& a = before.purchasing;
    const auto& b = after.purchasing;
    if (a.requester != b.requester || a.group != b.group || a.budgetCode != b.budgetCode)
        changed |= BuildAspect::Purchasing;
    if (a.quotes != b.quotes)
        changed |= BuildAspect::Quotes;
    if (before.notes != after.notes)
        changed |= BuildAspect::Notes;
    return changed;
}

BuildDocument::BuildDocument(QObject* parent)
    : QObject(parent)
    , m_undoStack(new QUndoStack(this)) {
    m_build.title = tr("Untitled build").toStdString();
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

BuildDocument::~BuildDocument() = default;

QString BuildDocument::displayName() const {
    return m_filePath.isEmpty() ? tr("Untitled") : QFileInfo(m_filePath).fileName();
}

bool BuildDocument::isModified() const {
    return !m_undoStack->isClean();
}

Status BuildDocument::open(const QString& path) {
    // As the CLI reads it: a regular file only (a FIFO would hang the window), bounded in size.
    auto text = readTextFile(path.toStdString());
    if (!text)
        return text.error();
    auto build = readBuildFile(*text, QFileInfo(path).fileName().toStdString());
    if (!build)
        return build.error();
    m_build = std::move(*build);
    m_filePath = path;
    m_currentWorkload = m_build.workloads.empty() ? -1 : 0;
    m_undoStack->clear();
    Q_EMIT filePathChanged(m_filePath);
    Q_EMIT buildChanged(kWholeBuild);
    Q_EMIT modifiedChanged(false);
    return Ok{};
}

Status BuildDocument::recover(const QString& autosavePath, const QString& originalPath) {
    if (auto opened = open(autosavePath); !opened)
        return opened;
    m_filePath = originalPath;
    m_undoStack->resetClean(); // the recovered work is not saved anywhere yet
    Q_EMIT filePathChanged(m_filePath);
    Q_EMIT modifiedChanged(true);
    return Ok{};
}

Status BuildDocument::saveAs(const QString& path) {
    if (path.isEmpty())
        return makeError(ErrorCode::InvalidInput, tr("no file name to save to").toStdString());
    QSaveFile file(path);
    const auto text = writeBuildFile(m_build);
    // What is written must open again: a field past the reader's bounds (notes pasted from a long
    // document, say) is refused here, with the reader's words, and the document keeps it all.
    if (auto reread = readBuildFile(text, QFileInfo(path).fileName().toStdString()); !reread)
        return makeError(
            ErrorCode::InvalidInput,
            tr("%1 is not saved: it could not be opened again, as %2. Shorten it and save again.")
                .arg(path, appText(reread.error().message))
                .toStdString());
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()) ||
        !file.commit())
        return makeError(ErrorCode::Io,
                         tr("%1 cannot be written: %2").arg(path, file.errorString()).toStdString());
    if (m_filePath != path) {
        m_filePath = path;
        Q_EMIT filePathChanged(m_filePath);
    }
    m_undoStack->setClean();
    return Ok{};
}

void BuildDocument::reset(plan::Build build) {
    m_build = std::move(build);
    if (m_build.title.empty())
        m_build.title = tr("Untitled build").toStdString();
    m_currentWorkload = m_build.workloads.empty() ? -1 : 0;
    m_filePath.clear();
    m_undoStack->clear();
    Q_EMIT filePathChanged(m_filePath);
    Q_EMIT buildChanged(kWholeBuild);
    // A new build with parts (a preset's) is unsaved work; an empty one has nothing to lose.
    if (m_build.parts.empty())
        m_undoStack->setClean();
    else
        m_undoStack->resetClean();
    Q_EMIT modifiedChanged(isModified());
}

void BuildDocument::edit(const QString& label, const std::function<void(plan::Build&)>& change,
                         EditMerge merge) {
    auto after = m_build;
    change(after);
    if (after == m_build)
        return; // nothing to undo
    m_undoStack->push(new EditBuildCommand(*this, label, m_build, std::move(after), merge));
}

void BuildDocument::replaceBuild(const plan::Build& build) {
    const auto changed = aspectsChanged(m_build, build);
    m_build = build;
    const int current = m_currentWorkload;
    clampCurrentWorkload();
    Q_EMIT buildChanged(changed | (current != m_currentWorkload ? BuildAspects(BuildAspect::CurrentWorkload)
                                                                : BuildAspects()));
}

void BuildDocument::clampCurrentWorkload() {
    const int count = static_cast<int>(m_build.workloads.size());
    m_currentWorkload = count == 0 ? -1 : std::clamp(m_currentWorkload, 0, count - 1);
}

const plan::BuildWorkload* BuildDocument::currentWorkload() const {
    if (m_currentWorkload < 0 || m_currentWorkload >= static_cast<int>(m_build.workloads.size()))
        return nullptr;
    return &m_build.workloads[static_cast<std::size_t>(m_currentWorkload)];
}

void BuildDocument::setCurrentWorkloadIndex(int index) {
    if (index < 0 || index >= static_cast<int>(m_build.workloads.size()) || index == m_currentWorkload)
        return;
    m_currentWorkload = index;
    Q_EMIT buildChanged(BuildAspect::CurrentWorkload); // what the views show, not the build
}

void BuildDocument::addWorkload(plan::BuildWorkload workload) {
    m_currentWorkload = static_cast<int>(m_build.workloads.size()); // a Workloads change says so
    edit(tr("Add a workload"), [&](plan::Build& b) { b.workloads.push_back(workload); });
}

void BuildDocument::addPart(plan::BuildPart part) {
    const auto name = QString::fromStdString(part.snapshot.name);
    edit(tr("Add %1").arg(name), [&](plan::Build& b) {
        for (auto& existing : b.parts)
            if (existing.partId == part.partId) {
                existing.quantity += part.quantity;
                return;
            }
        b.parts.push_back(part);
    });
}

void BuildDocument::removePart(int index) {
    if (index < 0 || index >= static_cast<int>(m_build.parts.size()))
        return;
    edit(tr("Remove %1")
             .arg(QString::fromStdString(m_build.parts[static_cast<std::size_t>(index)].snapshot.name)),
         [&](plan::Build& b) { b.parts.erase(b.parts.begin() + index); });
}

void BuildDocument::setPartQuantity(int index, int quantity) {
    if (index < 0 || index >= static_cast<int>(m_build.parts.size()) || quantity < 1 ||
        m_build.parts[static_cast<std::size_t>(index)].quantity == quantity)
        return;
    edit(tr("Change quantity of %1")
             .arg(QString::fromStdString(m_build.parts[static_cast<std::size_t>(index)].snapshot.name)),
         [&](plan::Build& b) { b.parts[static_cast<std::size_t>(index)].quantity = quantity; },
         {MergeField::PartQuantity, index});
}

void BuildDocument::setNodes(int nodes) {
    if (nodes < 1 || nodes == m_build.nodes)
        return;
    edit(tr("Change nodes"), [&](plan::Build& b) { b.nodes = nodes; }, {MergeField::Nodes});
}

void BuildDocument::setTitle(const QString& title) {
    if (title.toStdString() == m_build.title)
        return;
    edit(tr("Rename build"), [&](plan::Build& b) { b.title = title.toStdString(); }, {MergeField::Title});
}

void BuildDocument::setWorkload(std::optional<plan::BuildWorkload> workload, int field) {
    const auto index = static_cast<std::size_t>(std::max(0, m_currentWorkload));
    if (!workload && m_build.workloads.empty())
        return;
    // Each workload's fields merge only with edits of the same field of the same workload.
    const auto merge =
        field < 0 ? EditMerge{} : EditMerge{MergeField::WorkloadField, static_cast<int>(index), field};
    edit(
        workload ? tr("Change workload") : tr("Remove a workload"),
        [&](plan::Build& b) {
            if (workload) {
                if (b.workloads.empty())
                    b.workloads.push_back(*workload);
                else
                    b.workloads[index] = *workload;
            } else {
                b.workloads.erase(b.workloads.begin() + static_cast<std::ptrdiff_t>(index));
            }
        },
        merge);
}

} // namespace torchrig::ui
