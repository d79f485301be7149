#pragma once
// The Issues dock: the build's compatibility findings, each selecting the parts it concerns and
// offering its fixes — concrete catalog changes the checker agrees remove it (plan/finding_fixes.h),
// each applied as one undoable edit — beside the fix in words and what the checks do not cover.

#include "plan/finding_fixes.h"

#include <QStringList>
#include <QWidget>

#include <vector>

class QLabel;
class QListWidget;
class QVBoxLayout;

namespace torchrig::ui {

class BuildChecks;
class BuildDocument;

class IssuesPanel : public QWidget {
    Q_OBJECT
public:
    IssuesPanel(BuildDocument& document, const BuildChecks& checks, std::vector<plan::CatalogChoice> catalog,
                QWidget* parent = nullptr);

    QListWidget* findingsList() const { return m_list; }
    // The fixes offered for the selected finding.
    const std::vector<plan::BuildFix>& offeredFixes() const { return m_fixes; }
    // Makes the selected finding's fix `index` as one undoable edit; false when there is none.
    bool applyFix(int index);

Q_SIGNALS:
    void partsSelected(const QStringList& partIds);

private:
    void refresh();
    void showFinding(int row, bool selectParts);

    BuildDocument& m_document;
    const BuildChecks& m_checks;
    std::vector<plan::CatalogChoice> m_catalog;
    QListWidget* m_list = nullptr;
    QLabel* m_details = nullptr;
    QWidget* m_fixBox = nullptr;
    QVBoxLayout* m_fixButtons = nullptr;
    std::vector<plan::BuildFix> m_fixes;
};

} // namespace torchrig::ui
