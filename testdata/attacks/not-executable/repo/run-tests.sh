#!/bin/sh
exec node --test test/
