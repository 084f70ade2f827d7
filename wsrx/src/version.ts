// Versions the daemon reports. `GET /version` answers with the desktop release whose local API we match,
// because browser clients compare it against the desktop's numbering (they need at least "0.4").
export const WSRX_API_VERSION = '0.5.17';
export const PACKAGE_VERSION = '0.1.0';
export const USER_AGENT = `wsrx/${WSRX_API_VERSION} pennon-wsrx/${PACKAGE_VERSION}`;
