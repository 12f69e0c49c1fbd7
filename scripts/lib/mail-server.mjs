/**
 * A real SMTP server with a web inbox and a REST API (maildev), for `npm start` and the tests.
 */
import MailDev from "maildev";

export async function startMailServer({ smtpPort, webPort }) {
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: "127.0.0.1", silent: true, disableWeb: false });
  await new Promise((resolve, reject) => maildev.listen((error) => (error ? reject(error) : resolve())));
  return {
    smtpPort,
    webUrl: `http://127.0.0.1:${webPort}`,
    stop: () => new Promise((resolve) => maildev.close(() => resolve())),
  };
}
