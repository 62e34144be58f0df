"""The team's Slack app (slack-bolt): the app, its handlers by interaction, Block Kit views."""
