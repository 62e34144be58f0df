"""One message in, one reply out: intent, the job reader, the reply composer, conversation state."""
