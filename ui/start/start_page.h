#pragma once
// What the window shows when no build is open (the first start, File ▸ New…): the seed articles'
// builds with their article and budget band, the builds opened last, and an empty build or a file
// to open. Every choice is a list row or a button, reachable by keyboard.

#include <QWidget>

class QListWidget;
class QPushButton;

namespace torchrig::ui {

class StartPage : public QWidget {
    Q_OBJECT
public:
    explicit StartPage(QWidget* parent = nullptr);

    // The recent builds list, refilled (MainWindow::recentFiles()).
    void setRecentFiles(const QStringList& paths);
    QListWidget* presetList() const { return m_presets; }
    QListWidget* recentList() const { return m_recent; }

Q_SIGNALS:
    void presetChosen(const QString& presetId);
    void recentChosen(const QString& path);
    void emptyBuildChosen();
    void openChosen();
    void planChosen();

private:
    QListWidget* m_presets = nullptr;
    QListWidget* m_recent = nullptr;
};

} // namespace torchrig::ui
