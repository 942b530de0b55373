// the victim: a file outside the sandbox that bond must never write

