#pragma once
// The build being planned: its title and nodes, its parts (quantities editable), what it costs
// and draws, and the compatibility findings with their fixes. Every change goes through the
// document's undo stack.

#include <QWidget>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableView;

namespace torchrig::ui {

class BuildDocument;
class BuildPartsModel;

class BuildEditor : public QWidget {
    Q_OBJECT
public:
    explicit BuildEditor(BuildDocument& document, QWidget* parent = nullptr);

    QTableView* partsView() const { return m_parts; }
    QListWidget* findingsList() const { return m_findings; }
    QLabel* costLabel() const { return m_cost; }
    void removeSelectedPart();

private:
    void refresh();

    BuildDocument& m_document;
    QLineEdit* m_title = nullptr;
    QSpinBox* m_nodes = nullptr;
    QTableView* m_parts = nullptr;
    BuildPartsModel* m_model = nullptr;
    QPushButton* m_remove = nullptr;
    QLabel* m_cost = nullptr;
    QListWidget* m_findings = nullptr;
};

} // namespace torchrig::ui
