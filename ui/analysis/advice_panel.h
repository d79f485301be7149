#pragma once
// The seed articles' advice for the open build and workload (plan/advisor.h): each message with
// its source, the article's claim and its correction, and an Apply button where the advice is a
// change to the workload (an undoable edit like any other).

#include <QWidget>

class QVBoxLayout;

namespace torchrig::ui {

class BuildDocument;

class AdvicePanel : public QWidget {
    Q_OBJECT
public:
    explicit AdvicePanel(BuildDocument& document, QWidget* parent = nullptr);

    int adviceCount() const { return m_count; }
    // Applies the advice of this rule (its first offer); false when there is none to apply.
    bool apply(const QString& rule);

private:
    void refresh();

    BuildDocument& m_document;
    QVBoxLayout* m_rows = nullptr;
    QWidget* m_content = nullptr;
    int m_count = 0;
};

} // namespace torchrig::ui
