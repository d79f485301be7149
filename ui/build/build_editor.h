#pragma once
// The build being planned: its title and nodes, its parts (quantities editable, marked where the
// checks find something), what it costs and draws. Every change goes through the document's undo
// stack; parts dropped from the catalog are added.

#include "plan/build_cost.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableView;

namespace torchrig::ui {

class BuildChecks;
class BuildDocument;
class BuildPartsModel;

class BuildEditor : public QWidget {
    Q_OBJECT
public:
    explicit BuildEditor(BuildDocument& document, const BuildChecks* checks = nullptr,
                         QWidget* parent = nullptr);

    QTableView* partsView() const { return m_parts; }
    QLabel* costLabel() const { return m_cost; }
    void removeSelectedPart();
    // The Preferences' currency and rate: the parts' prices and the totals in it, the rate said.
    void setCostOptions(plan::CostOptions options);
    // Selects the rows of these catalog ids (a finding's parts).
    void selectParts(const QStringList& partIds);

Q_SIGNALS:
    // A catalog part dropped on the parts table (the catalog's drag carries its id).
    void partDropped(const QString& partId);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void refresh();

    BuildDocument& m_document;
    QLineEdit* m_title = nullptr;
    QSpinBox* m_nodes = nullptr;
    QTableView* m_parts = nullptr;
    BuildPartsModel* m_model = nullptr;
    QPushButton* m_remove = nullptr;
    QLabel* m_cost = nullptr;
};

} // namespace torchrig::ui
