// Placeholder on the serve branch so the package builds; the real WearablesRemote lives on main. Delete on merge.
enum ServeBranchRemotePlaceholder {}
