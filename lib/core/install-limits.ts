/** How long a Yapture workspace id and an uninstall's comment may be: the schemas and the forms read them. */
export const INSTALL_LIMITS = { workspaceId: 100, comment: 500 } as const;
